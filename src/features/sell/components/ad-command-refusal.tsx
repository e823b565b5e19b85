import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../../../domain/errors';
import { ROUTES, withReturnTo } from '../../../../domain/routes';
import { errorCodeOf } from '../../../lib/http';
import { FormError } from '../../../lib/ui/form-error';
import { ButtonLink } from '../../../lib/ui/router-link';

interface AdCommandRefusalProps {
  error: unknown;
  code?: string | null;
  command?: 'publish' | 'repost';
  /** The page to come back to once a package is bought. */
  returnTo?: string;
  /** Instead of a plain link: keeps what the form holds (as a draft) before leading to the packages. */
  onSeePackages?: () => void;
}

/**
 * Why a command on an ad (publish, repost, end, delete) was refused. Running out of ad credit is not
 * a fault of the ad: it says so and leads to the packages and back, and the ad stays as it was.
 */
export function AdCommandRefusal({ error, code = errorCodeOf(error), command = 'publish', returnTo, onSeePackages }: AdCommandRefusalProps) {
  const { t } = useTranslation('sell');
  if (code !== ERROR_CODES.NO_AD_CREDIT) return <FormError code={code} />;
  return (
    <Alert.Root status="warning" role="alert" data-testid="no-ad-credit" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Content minW="60" flex="1">
        <Alert.Title>{t('errors:NO_AD_CREDIT')}</Alert.Title>
        <Alert.Description>{t(command === 'repost' ? 'credit.noCreditForRepost' : 'credit.noCreditDescription')}</Alert.Description>
      </Alert.Content>
      {onSeePackages ? (
        <Button size="sm" alignSelf="center" onClick={onSeePackages} data-testid="save-and-see-packages">
          {t('credit.saveAndSeePackages')}
        </Button>
      ) : (
        <ButtonLink to={withReturnTo(ROUTES.subscriptions, returnTo ?? null)} size="sm" alignSelf="center" data-testid="see-packages">
          {t('credit.seePackages')}
        </ButtonLink>
      )}
    </Alert.Root>
  );
}
