import { Button } from '@chakra-ui/react';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../domain/routes';
import { ButtonLink } from '../../lib/ui/router-link';
import { StatusView } from '../../lib/ui/status-view';

export function InternalErrorView() {
  const { t } = useTranslation();
  return (
    <StatusView
      page="internal-error"
      alert
      icon={<TriangleAlert size={56} aria-hidden />}
      title={t('errorViews.internalTitle')}
      message={t('errorViews.internal')}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>
          <ButtonLink to={ROUTES.home} variant="outline">
            {t('errorViews.backHome')}
          </ButtonLink>
        </>
      }
    />
  );
}
