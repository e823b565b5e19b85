import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { type ReactNode, useEffect, useRef } from 'react';
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
  /** Turns the confirm button off, as after a refusal that asking again cannot change. */
  confirmDisabled?: boolean;
  /** The harmless choice, when "keep it" says too little. */
  cancelLabel?: string;
  testId: string;
  /** `<testId>-confirm` unless told. */
  confirmTestId?: string;
  /** What the person adds to the action, such as a reason. */
  children?: ReactNode;
  /** Red for what cannot be undone; another colour for a step forward. */
  confirmPalette?: string;
}

/** Asks before an action that cannot be undone (ending, deleting, shipping); the harmless choice takes the focus. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  refusal,
  confirmDisabled = false,
  cancelLabel,
  testId,
  confirmTestId = `${testId}-confirm`,
  children,
  confirmPalette = 'red',
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const keepButton = useRef<HTMLButtonElement>(null);

  // Disabling the confirm button drops the focus: it goes where the person can act next.
  useEffect(() => {
    if (confirmDisabled) keepButton.current?.focus();
  }, [confirmDisabled]);

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
                {children}
                {refusal}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" ref={keepButton}>
                  {cancelLabel ?? t('actions.keep')}
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette={confirmPalette} onClick={onConfirm} loading={pending} disabled={confirmDisabled} data-testid={confirmTestId}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
