import { SearchX } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ROUTES } from '../../../domain/routes';
import { ButtonLink } from '../../lib/ui/router-link';
import { StatusView } from '../../lib/ui/status-view';
import { UserText } from '../../lib/ui/user-text';

export function NotFoundView() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <StatusView
      page="not-found"
      icon={<SearchX size={56} aria-hidden />}
      title={t('errorViews.notFoundTitle')}
      message={<Trans t={t} i18nKey="errorViews.notFound" values={{ path: pathname }} components={{ path: <UserText /> }} />}
      actions={<ButtonLink to={ROUTES.home}>{t('errorViews.backHome')}</ButtonLink>}
    />
  );
}
