import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../../domain/orders';

const STATUS_PALETTES: Record<OrderStatus, string> = {
  PLACED: 'blue',
  AWAITING_PAYMENT: 'orange',
  CASH_ON_DELIVERY: 'purple',
  PAID: 'teal',
  SHIPPED: 'cyan',
  DELIVERED: 'green',
  COMPLETED: 'green',
  CANCELLED: 'gray',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return (
    <Badge colorPalette={STATUS_PALETTES[status]} data-testid="order-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
