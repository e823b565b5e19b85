import { Button, Field, HStack, Input, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CANCEL_REASON_LENGTH, MAX_TRACKING_NOTE_LENGTH, type Order } from '../../../../domain/orders';
import { formatDateTime } from '../../../lib/format';
import { errorCodeOf } from '../../../lib/http';
import { useTimeZone } from '../../../lib/hydration';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { FormError } from '../../../lib/ui/form-error';
import { useLocale } from '../../../lib/use-locale';
import { type OrderCommand, useMoveOrder } from '../api/move-order';

type Asking = Extract<OrderCommand, 'SHIP' | 'CONFIRM_DELIVERY' | 'CANCEL'> | null;

/**
 * The moves the server says this person may make now (payment aside, which the checkout makes). Each
 * asks first; what was typed stays in its dialog when the server refuses.
 */
export function OrderActions({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const move = useMoveOrder(order.id);
  const [asking, setAsking] = useState<Asking>(null);
  const [trackingNote, setTrackingNote] = useState('');
  const [reason, setReason] = useState('');
  const can = (action: Order['actions'][number]) => order.actions.includes(action);
  const ask = (command: Asking) => {
    move.reset();
    setAsking(command);
  };
  const send = (command: OrderCommand, details: { trackingNote?: string; reason?: string } = {}) =>
    move.mutate({ command, ...details }, { onSuccess: () => setAsking(null) });
  const refusal = <FormError code={move.isError ? errorCodeOf(move.error) : null} />;
  const deliveryTakenOn = order.status === 'SHIPPED' && order.nextDeadlineAt !== null ? formatDateTime(order.nextDeadlineAt, locale, timeZone) : '';
  const isSeller = order.side === 'sold';

  if (!can('SHIP') && !can('CONFIRM_DELIVERY') && !can('CANCEL')) return null;
  return (
    <HStack gap="2" wrap="wrap" data-testid="order-actions">
      {can('SHIP') ? (
        <Button colorPalette="teal" onClick={() => ask('SHIP')} data-testid="order-ship">
          {t('order.ship')}
        </Button>
      ) : null}
      {can('CONFIRM_DELIVERY') ? (
        <Button colorPalette="teal" onClick={() => ask('CONFIRM_DELIVERY')} data-testid="order-confirm-delivery">
          {t('order.confirmDelivery')}
        </Button>
      ) : null}
      {can('CANCEL') ? (
        <Button variant="outline" colorPalette="red" onClick={() => ask('CANCEL')} data-testid="order-cancel">
          {t('order.cancel')}
        </Button>
      ) : null}

      <ConfirmDialog
        open={asking === 'SHIP'}
        onClose={() => setAsking(null)}
        title={t('order.shipTitle')}
        description={t('order.shipDescription')}
        confirmLabel={t('order.shipConfirm')}
        confirmPalette="teal"
        cancelLabel={t('order.keep')}
        onConfirm={() => send('SHIP', { trackingNote: trackingNote.trim() || undefined })}
        pending={move.isPending}
        refusal={refusal}
        testId="ship-dialog"
      >
        <Field.Root>
          <Field.Label>{t('order.trackingLabel')}</Field.Label>
          <Input value={trackingNote} onChange={(event) => setTrackingNote(event.target.value)} placeholder={t('order.trackingPlaceholder')} maxLength={MAX_TRACKING_NOTE_LENGTH} dir="auto" data-testid="tracking-note" />
        </Field.Root>
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'CONFIRM_DELIVERY'}
        onClose={() => setAsking(null)}
        title={t('order.confirmDeliveryTitle')}
        description={t('order.confirmDeliveryDescription', { date: deliveryTakenOn })}
        confirmLabel={t('order.confirmDeliveryConfirm')}
        confirmPalette="teal"
        cancelLabel={t('order.keep')}
        onConfirm={() => send('CONFIRM_DELIVERY')}
        pending={move.isPending}
        refusal={refusal}
        testId="confirm-delivery-dialog"
      />

      <ConfirmDialog
        open={asking === 'CANCEL'}
        onClose={() => setAsking(null)}
        title={t('order.cancelTitle')}
        description={isSeller ? t('order.cancelDescriptionSeller') : t('order.cancelDescriptionBuyer')}
        confirmLabel={t('order.cancelConfirm')}
        cancelLabel={t('order.keep')}
        onConfirm={() => send('CANCEL', { reason: reason.trim() || undefined })}
        pending={move.isPending}
        refusal={refusal}
        testId="cancel-order-dialog"
      >
        <Field.Root required={isSeller}>
          <Field.Label>
            {isSeller ? t('order.reasonLabel') : t('order.reasonLabelOptional')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={MAX_CANCEL_REASON_LENGTH} rows={3} dir="auto" data-testid="cancel-reason" />
        </Field.Root>
      </ConfirmDialog>
    </HStack>
  );
}
