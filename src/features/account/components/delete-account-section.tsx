import { Alert, Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../../../domain/errors';
import { errorCodeOf } from '../../../lib/http';
import { FormError, useFieldErrorText } from '../../../lib/ui/form-error';
import { useDeleteAccount } from '../api/delete-account';
import { ProfileSection } from './profile-section';

export function DeleteAccountSection() {
  const { t } = useTranslation('account');
  const errorText = useFieldErrorText();
  const [open, setOpen] = useState(false);
  const deletion = useDeleteAccount();
  const keepButton = useRef<HTMLButtonElement>(null);
  const refusal = errorCodeOf(deletion.error);
  const refusedForOngoingSale = refusal === ERROR_CODES.ACCOUNT_CANNOT_BE_DELETED;

  // The refusal disables the delete button, which drops the focus: it goes where the person can act next.
  useEffect(() => {
    if (refusedForOngoingSale) keepButton.current?.focus();
  }, [refusedForOngoingSale]);

  return (
    <ProfileSection title={t('profile.delete.title')} description={t('profile.delete.description')} danger testId="profile-delete">
      <Dialog.Root
        role="alertdialog"
        placement="center"
        open={open}
        onOpenChange={(event) => {
          setOpen(event.open);
          if (!event.open) deletion.reset();
        }}
        // The harmless choice takes the focus, so a stray Enter does not delete the account.
        initialFocusEl={() => keepButton.current}
      >
        <Dialog.Trigger asChild>
          <Button colorPalette="red" alignSelf="start" data-testid="delete-account">
            {t('profile.delete.open')}
          </Button>
        </Dialog.Trigger>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="delete-account-dialog">
              <Dialog.Header>
                <Dialog.Title>{t('profile.delete.confirmTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description>{t('profile.delete.confirmText')}</Dialog.Description>
                  {refusedForOngoingSale ? (
                    <Alert.Root status="error" data-testid="form-error">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{errorText(refusal)}</Alert.Title>
                        <Alert.Description>{t('profile.delete.refusedWhy')}</Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  ) : (
                    <FormError code={refusal} />
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" ref={keepButton}>
                    {t('profile.delete.cancel')}
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  colorPalette="red"
                  onClick={() => deletion.mutate()}
                  // After success the page is already on its way home.
                  loading={deletion.isPending || deletion.isSuccess}
                  disabled={refusedForOngoingSale}
                  data-testid="confirm-delete-account"
                >
                  {t('profile.delete.confirm')}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common:actions.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </ProfileSection>
  );
}
