import { Text, type TextProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '../../../../domain/orders';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { useLocale } from '../../../lib/use-locale';

/** What happens next with the order, said to the side looking at it. */
export function OrderNextStep({ order, ...text }: { order: OrderSummary } & TextProps) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const timeZone = useTimeZone();
  // A finished order has no next step: its status says it all.
  if (order.status === 'COMPLETED' || order.status === 'CANCELLED') return null;
  const date = order.nextDeadlineAt === null ? '' : formatDateTime(order.nextDeadlineAt, locale, timeZone);
  return (
    <Text data-testid="order-next-step" {...text}>
      {t(`next.${order.side}.${order.status}`, { date })}
    </Text>
  );
}
