import { Alert, Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../../../domain/errors';
import { errorCodeOf } from '../../../lib/http';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { FormError, useFieldErrorText } from '../../../lib/ui/form-error';
import { useDeleteAccount } from '../api/delete-account';
import { ProfileSection } from './profile-section';

export function DeleteAccountSection() {
  const { t } = useTranslation('account');
  const errorText = useFieldErrorText();
  const [open, setOpen] = useState(false);
  const deletion = useDeleteAccount();
  const refusal = errorCodeOf(deletion.error);
  const refusedForOngoingSale = refusal === ERROR_CODES.ACCOUNT_CANNOT_BE_DELETED;

  return (
    <ProfileSection title={t('profile.delete.title')} description={t('profile.delete.description')} danger testId="profile-delete">
      <Button colorPalette="red" alignSelf="start" onClick={() => setOpen(true)} aria-haspopup="dialog" aria-expanded={open} data-testid="delete-account">
        {t('profile.delete.open')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => {
          setOpen(false);
          deletion.reset();
        }}
        title={t('profile.delete.confirmTitle')}
        description={t('profile.delete.confirmText')}
        confirmLabel={t('profile.delete.confirm')}
        cancelLabel={t('profile.delete.cancel')}
        onConfirm={() => deletion.mutate()}
        // After success the page is already on its way home.
        pending={deletion.isPending || deletion.isSuccess}
        confirmDisabled={refusedForOngoingSale}
        refusal={
          refusedForOngoingSale ? (
            <Alert.Root status="error" data-testid="form-error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{errorText(refusal)}</Alert.Title>
                <Alert.Description>{t('profile.delete.refusedWhy')}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <FormError code={refusal} />
          )
        }
        testId="delete-account-dialog"
        confirmTestId="confirm-delete-account"
      />
    </ProfileSection>
  );
}
