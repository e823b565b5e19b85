import { ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../domain/routes';
import { ButtonLink } from '../../lib/ui/router-link';
import { StatusView } from '../../lib/ui/status-view';

/** For a signed-in person on a page that is not theirs: signing in again would not help. */
export function ForbiddenView() {
  const { t } = useTranslation();
  return (
    <StatusView
      page="forbidden"
      alert
      icon={<ShieldX size={56} aria-hidden />}
      title={t('errorViews.forbiddenTitle')}
      message={t('errors:FORBIDDEN')}
      actions={<ButtonLink to={ROUTES.home}>{t('errorViews.backHome')}</ButtonLink>}
    />
  );
}
