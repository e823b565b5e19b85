import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../../domain/routes';
import { ButtonLink } from '../../../lib/ui/router-link';
import { StatusView } from '../../../lib/ui/status-view';

/** An ad the server will not show here (not offered in this country, or over): why, and where to go instead. */
export function AdRefusalView({ page, icon, title, message }: { page: string; icon: ReactNode; title: string; message: string }) {
  const { t } = useTranslation('ads');
  return (
    <StatusView
      page={page}
      icon={icon}
      title={title}
      message={message}
      alert
      actions={
        <>
          <ButtonLink to={ROUTES.productList}>{t('refusal.browse')}</ButtonLink>
          <ButtonLink to={ROUTES.home} variant="outline">
            {t('refusal.home')}
          </ButtonLink>
        </>
      }
    />
  );
}
