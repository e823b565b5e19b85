import { Card, DataList, HStack, Image, Stack, Tabs, Text } from '@chakra-ui/react';
import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { mediaUrl } from '../../../../domain/media';
import { ORDER_SIDES, type OrderSide, type OrderSummary } from '../../../../domain/orders';
import { pathTo, ROUTES } from '../../../../domain/routes';
import { formatDate, formatMoney } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { PageHeading } from '../../../lib/ui/page-heading';
import { PageLoading } from '../../../lib/ui/page-loading';
import { AppLink, ButtonLink } from '../../../lib/ui/router-link';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';
import { useOrders } from '../api/get-orders';
import { OrderNextStep } from '../components/order-next-step';
import { OrderStatusBadge } from '../components/order-status-badge';

const SIDE_PARAM = 'side';

/** SPEC.md section 2: the person's orders, bought and sold, each with its state and what comes next. */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const side: OrderSide = params.get(SIDE_PARAM) === 'sold' ? 'sold' : 'bought';
  return (
    <Stack gap="4" data-page="orders">
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      <Tabs.Root value={side} onValueChange={(event) => setParams(event.value === 'bought' ? {} : { [SIDE_PARAM]: event.value }, { replace: true })} variant="line">
        <Tabs.List>
          {ORDER_SIDES.map((value) => (
            <Tabs.Trigger key={value} value={value} data-testid={`orders-tab-${value}`}>
              {t(`tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      <OrderList side={side} />
    </Stack>
  );
}

function OrderList({ side }: { side: OrderSide }) {
  const { t } = useTranslation('orders');
  const orders = useOrders(side);
  if (orders.isPending) return <PageLoading />;
  if (orders.isError) throw orders.error;
  if (orders.data.length === 0) {
    return (
      <PageEmptyState
        icon={<Package />}
        title={t(`emptyTitle.${side}`)}
        description={t(`emptyDescription.${side}`)}
        action={side === 'bought' ? <ButtonLink to={ROUTES.productList}>{t('startShopping')}</ButtonLink> : undefined}
      />
    );
  }
  return (
    <Stack as="ul" gap="3" listStyleType="none" data-testid={`orders-${side}`}>
      {orders.data.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </Stack>
  );
}

function OrderCard({ order }: { order: OrderSummary }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const otherParty = order.side === 'bought' ? order.seller : order.buyer;
  return (
    <Card.Root as="li" flexDirection="row" overflow="hidden" data-testid="order-card" data-order-id={order.id}>
      {order.ad.mainImageId ? (
        <Image src={mediaUrl(order.ad.mainImageId, 'thumb')} alt="" width="24" height="24" objectFit="cover" flexShrink={0} alignSelf="start" m="4" borderRadius="l2" />
      ) : null}
      <Card.Body gap="2" minW="0">
        <HStack justify="space-between" align="start" wrap="wrap" gap="2">
          <AppLink to={pathTo('order', { orderId: order.id })} fontWeight="semibold" data-testid="order-link">
            <UserText>{order.ad.title}</UserText>
          </AppLink>
          <OrderStatusBadge status={order.status} />
        </HStack>
        <DataList.Root orientation="horizontal" size="sm" gap="1">
          <DataList.Item>
            <DataList.ItemLabel>{order.side === 'bought' ? t('seller') : t('buyer')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <UserText>{otherParty.fullName}</UserText>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('total')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="order-total">{formatMoney(order.total, order.currency, locale)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('placedOn')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {formatDate(order.createdAt, timeZone)} · {t(`kind.${order.kind}`)}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <OrderNextStep order={order} fontSize="sm" color="fg.muted" />
        <Text>
          <AppLink to={pathTo('order', { orderId: order.id })} fontSize="sm" colorPalette="teal">
            {t('open')}
          </AppLink>
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
