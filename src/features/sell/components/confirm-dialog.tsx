import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
  /** The refusal, shown inside the dialog so the person reads it where they acted. */
  refusal?: ReactNode;
  testId: string;
}

/** Asks before an action that cannot be undone (ending, deleting); the harmless choice takes the focus. */
export function ConfirmDialog({ open, onClose, title, description, confirmLabel, onConfirm, pending, refusal, testId }: ConfirmDialogProps) {
  const { t } = useTranslation('sell');
  const keepButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root role="alertdialog" placement="center" open={open} onOpenChange={(event) => (event.open ? undefined : onClose())} initialFocusEl={() => keepButton.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description>{description}</Dialog.Description>
                {refusal}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" ref={keepButton}>
                  {t('confirm.cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={onConfirm} loading={pending} data-testid={`${testId}-confirm`}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common:actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
