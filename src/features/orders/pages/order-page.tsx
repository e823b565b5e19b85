import { Alert, Box, Button, DataList, Grid, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { PackageSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ERROR_CODES } from '../../../../domain/errors';
import { isolateUserText } from '../../../../domain/locale';
import type { Order } from '../../../../domain/orders';
import { PAYMENT_PARAM, pathTo, ROUTES } from '../../../../domain/routes';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { errorCodeOf, HttpError } from '../../../lib/http';
import { useTimeZone } from '../../../lib/hydration';
import { CheckoutPanel } from '../../../lib/payments/checkout-panel';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { FormError } from '../../../lib/ui/form-error';
import { PageHeading } from '../../../lib/ui/page-heading';
import { PageLoading } from '../../../lib/ui/page-loading';
import { Panel, PANEL_STYLE } from '../../../lib/ui/panel';
import { AppLink, ButtonLink } from '../../../lib/ui/router-link';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';
import { ordersQueryKey, useOrder } from '../api/get-orders';
import { startOrderPayment, useMoveOrder } from '../api/move-order';
import { OrderActions } from '../components/order-actions';
import { NextBidderOffer } from '../components/next-bidder-offer';
import { OrderHistory } from '../components/order-history';
import { OrderNextStep } from '../components/order-next-step';
import { OrderStatusBadge } from '../components/order-status-badge';
import { useOrderActor } from '../use-order-actor';
import { useOrderChanges } from '../use-order-changes';

/** One order for its buyer or its seller: what was sold at what price, what comes next, and its history. */
export default function OrderPage() {
  const { t } = useTranslation('orders');
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  useOrderChanges();
  if (order.isPending) return <PageLoading />;
  if (order.isError) {
    if (order.error instanceof HttpError && order.error.code === ERROR_CODES.NOT_FOUND) {
      return (
        <Stack data-page="order">
          <PageEmptyState
            icon={<PackageSearch />}
            title={t('order.notFoundTitle')}
            description={t('order.notFoundDescription')}
            action={<ButtonLink to={ROUTES.orders}>{t('order.backToOrders')}</ButtonLink>}
          />
        </Stack>
      );
    }
    throw order.error;
  }
  // One machine per order: the next bidder's order opens in the same route.
  return <OrderView key={order.data.id} order={order.data} />;
}

/** The order's page around its running machine, placed again from the server's answer when the two disagree. */
function OrderView({ order }: { order: Order }) {
  const [placement, setPlacement] = useState(0);
  const placeAgain = useCallback(() => setPlacement((count) => count + 1), []);
  return <PlacedOrderView key={placement} order={order} onDiverged={placeAgain} />;
}

function PlacedOrderView({ order: fetched, onDiverged }: { order: Order; onDiverged: () => void }) {
  const { t } = useTranslation('orders');
  // Where the order stands, what this person may do and when it moves next: the page's running machine.
  const order: Order = { ...fetched, ...useOrderActor(fetched, onDiverged) };
  const paying = order.actions.includes('PAY');
  return (
    <Stack gap="4" data-page="order" data-order-status={order.status}>
      <AppLink to={order.side === 'sold' ? `${ROUTES.orders}?side=sold` : ROUTES.orders} fontSize="sm">
        {t('order.backToOrders')}
      </AppLink>
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <PageHeading title={t('order.title', { title: isolateUserText(order.ad.title) })} />
        <OrderStatusBadge status={order.status} />
      </HStack>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap="5" alignItems="start">
        <OrderSummaryPanel order={order} />
        <Stack gap="4">
          {order.nextBidder ? (
            <Box {...PANEL_STYLE}>
              <NextBidderOffer order={order} nextBidder={order.nextBidder} />
            </Box>
          ) : null}
          {order.status === 'COMPLETED' || (order.status === 'CANCELLED' && order.actions.length === 0) ? null : (
          <Box {...PANEL_STYLE}>
            <Stack gap="4">
              {paying ? null : <OrderNextStep order={order} fontWeight="medium" />}
              {order.status === 'PAID' && order.side === 'bought' ? (
                <Alert.Root status="success" role="status" data-testid="order-paid">
                  <Alert.Indicator />
                  <Alert.Title>{t('order.paid')}</Alert.Title>
                </Alert.Root>
              ) : null}
              {paying && order.kind === 'NEXT_BIDDER' ? <Text data-testid="offered-to-you">{t('order.offeredToYou')}</Text> : null}
              {paying ? <OrderPayment order={order} /> : null}
              <OrderActions order={order} />
            </Stack>
          </Box>
          )}
          <Panel title={t('order.history')}>
            <OrderHistory history={order.history} />
          </Panel>
        </Stack>
      </Grid>
    </Stack>
  );
}

function OrderSummaryPanel({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const money = (amount: number) => formatMoney(amount, order.currency, locale);
  const otherParty = order.side === 'bought' ? order.seller : order.buyer;
  return (
    <Stack as="section" {...PANEL_STYLE} gap="3" data-testid="order-summary">
      <Heading as="h2" size="md">
        {t('order.summary')}
      </Heading>
      <AppLink to={pathTo('ad', { slug: order.ad.slug })} fontWeight="semibold">
        <UserText>{order.ad.title}</UserText>
      </AppLink>
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>{order.side === 'bought' ? t('seller') : t('buyer')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <AppLink to={pathTo('user', { slug: otherParty.slug })}>
              <UserText>{otherParty.fullName}</UserText>
            </AppLink>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('placedOn')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {formatDateTime(order.createdAt, locale, timeZone)} · {t(`kind.${order.kind}`)}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('price')}</DataList.ItemLabel>
          <DataList.ItemValue>{money(order.amount)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('shipping')}</DataList.ItemLabel>
          <DataList.ItemValue>{order.shippingFee === 0 ? t('freeShipping') : money(order.shippingFee)}</DataList.ItemValue>
        </DataList.Item>
        {order.paymentMode ? (
          <DataList.Item>
            <DataList.ItemLabel>{t('payment')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {t(`paymentMode.${order.paymentMode}`)}
              {order.payment?.status === 'REFUNDED' ? ` · ${t('order.refunded')}` : ''}
            </DataList.ItemValue>
          </DataList.Item>
        ) : null}
        {order.trackingNote ? (
          <DataList.Item>
            <DataList.ItemLabel>{t('order.trackingNote')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <UserText>{order.trackingNote}</UserText>
            </DataList.ItemValue>
          </DataList.Item>
        ) : null}
        {order.cancelReason ? (
          <DataList.Item>
            <DataList.ItemLabel>{t('order.cancelReason')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <UserText>{order.cancelReason}</UserText>
            </DataList.ItemValue>
          </DataList.Item>
        ) : null}
      </DataList.Root>
      <Separator />
      <HStack justify="space-between">
        <Text fontWeight="semibold">{t('total')}</Text>
        <Text fontWeight="bold" fontSize="xl" data-testid="order-total">
          {money(order.total)}
        </Text>
      </HStack>
    </Stack>
  );
}

/** The buyer pays online through the checkout, or chooses cash on delivery where the seller takes it. */
function OrderPayment({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cashOnDelivery = useMoveOrder(order.id);
  const orderPath = pathTo('order', { orderId: order.id });
  const returnPathOf = (paymentId: string) => `${orderPath}?${PAYMENT_PARAM}=${encodeURIComponent(paymentId)}`;
  return (
    <Stack gap="4" data-testid="order-payment">
      <Heading as="h2" size="md">
        {t('order.payTitle')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('order.payBy', { date: formatDateTime(order.payBy, locale, timeZone) })}
      </Text>
      <CheckoutPanel
        start={async (method, checkoutKey) => (await startOrderPayment(order.id, method, checkoutKey)).payment}
        returnPathOf={returnPathOf}
        returningPaymentId={params.get(PAYMENT_PARAM)}
        onSucceeded={() => {
          void navigate(orderPath, { replace: true });
          void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
        }}
        renderSuccess={() => null}
      />
      {order.actions.includes('CHOOSE_CASH_ON_DELIVERY') ? (
        <Stack gap="2" borderTopWidth="1px" pt="4">
          <Text fontSize="sm" color="fg.muted">
            {t('order.cashOnDeliveryHint')}
          </Text>
          <Button
            variant="outline"
            alignSelf="start"
            loading={cashOnDelivery.isPending}
            onClick={() => cashOnDelivery.mutate({ command: 'CHOOSE_CASH_ON_DELIVERY' })}
            data-testid="order-cash-on-delivery"
          >
            {t('order.cashOnDelivery')}
          </Button>
          <FormError code={cashOnDelivery.isError ? errorCodeOf(cashOnDelivery.error) : null} />
        </Stack>
      ) : null}
    </Stack>
  );
}
