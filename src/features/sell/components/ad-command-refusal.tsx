import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../../../domain/errors';
import { ROUTES } from '../../../../domain/routes';
import { errorCodeOf } from '../../../lib/http';
import { FormError } from '../../../lib/ui/form-error';
import { ButtonLink } from '../../../lib/ui/router-link';

/**
 * Why a command on an ad (publish, repost, end, delete) was refused. Running out of ad credit is not
 * a fault of the ad: it says so and leads to the packages, and the ad stays as it was.
 */
export function AdCommandRefusal({ error, code = errorCodeOf(error), command = 'publish' }: { error: unknown; code?: string | null; command?: 'publish' | 'repost' }) {
  const { t } = useTranslation('sell');
  if (code !== ERROR_CODES.NO_AD_CREDIT) return <FormError code={code} />;
  return (
    <Alert.Root status="warning" role="alert" data-testid="no-ad-credit" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Content minW="60" flex="1">
        <Alert.Title>{t('errors:NO_AD_CREDIT')}</Alert.Title>
        <Alert.Description>{t(command === 'repost' ? 'credit.noCreditForRepost' : 'credit.noCreditDescription')}</Alert.Description>
      </Alert.Content>
      <ButtonLink to={ROUTES.subscriptions} size="sm" alignSelf="center">
        {t('credit.seePackages')}
      </ButtonLink>
    </Alert.Root>
  );
}
