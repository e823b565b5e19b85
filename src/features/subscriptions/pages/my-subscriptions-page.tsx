import { Badge, Button, Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/http';
import { pathTo, ROUTES } from '../../../../domain/routes';
import type { Subscription, SubscriptionStatus } from '../../../../domain/subscriptions';
import { formatDate, formatMoney } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { FormError } from '../../../lib/ui/form-error';
import { PageHeading } from '../../../lib/ui/page-heading';
import { PageLoading } from '../../../lib/ui/page-loading';
import { AppLink, ButtonLink } from '../../../lib/ui/router-link';
import { useLocale } from '../../../lib/use-locale';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useMySubscriptions } from '../api/get-my-subscriptions';

const STATUS_PALETTES: Record<SubscriptionStatus, string> = { ACTIVE: 'green', CANCELED: 'orange', EXPIRED: 'gray', PENDING_PAYMENT: 'blue' };

/** SPEC.md sections 2 and 3: the person's subscriptions with package, status, dates, price and credits left. */
export default function MySubscriptionsPage() {
  const { t } = useTranslation('subscriptions');
  const subscriptions = useMySubscriptions();
  if (subscriptions.isPending) return <PageLoading />;
  if (subscriptions.isError) throw subscriptions.error;
  return (
    <Stack gap="4" data-page="my-subscriptions">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <PageHeading title={t('mine.title')} subtitle={t('mine.subtitle')} />
        <ButtonLink to={ROUTES.subscriptions}>{t('mine.buyMore')}</ButtonLink>
      </HStack>
      {subscriptions.data.length === 0 ? (
        <PageEmptyState icon={<BadgeCheck />} title={t('mine.emptyTitle')} description={t('mine.emptyDescription')} />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {subscriptions.data.map((subscription) => (
            <SubscriptionRow key={subscription.id} subscription={subscription} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function SubscriptionRow({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('subscriptions');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const name = subscription.package.name[locale];
  const { status } = subscription;
  const endLabel = status === 'EXPIRED' ? t('mine.endedOn') : t('mine.endsOn');
  return (
    <Card.Root as="li" data-testid={`subscription-${subscription.package.slug}`} data-status={status}>
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md">
            {name}
          </Heading>
          <Badge colorPalette={STATUS_PALETTES[status]} data-testid="subscription-status">
            {t(`mine.status.${status}`)}
          </Badge>
        </HStack>
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>{t('mine.price')}</DataList.ItemLabel>
            <DataList.ItemValue>{subscription.price === 0 ? t('mine.free') : formatMoney(subscription.price, subscription.currency, locale)}</DataList.ItemValue>
          </DataList.Item>
          {subscription.paidAt !== null ? (
            <DataList.Item>
              <DataList.ItemLabel>{t('mine.paidOn')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDate(subscription.paidAt, timeZone)}</DataList.ItemValue>
            </DataList.Item>
          ) : subscription.startsAt !== null ? (
            <DataList.Item>
              <DataList.ItemLabel>{t('mine.startedOn')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDate(subscription.startsAt, timeZone)}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
          <DataList.Item>
            <DataList.ItemLabel>{endLabel}</DataList.ItemLabel>
            <DataList.ItemValue>{subscription.endsAt === null ? t('mine.noEnd') : formatDate(subscription.endsAt, timeZone)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('mine.creditsLeft')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="credits-left">{t('mine.creditsLeftValue', { left: subscription.adCreditsRemaining, total: subscription.adCredits })}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        {status === 'CANCELED' && subscription.canceledAt !== null ? (
          <Text fontSize="sm" color="fg.muted">
            {t('mine.canceledNote', { date: formatDate(subscription.canceledAt, timeZone) })}
          </Text>
        ) : null}
      </Card.Body>
      {subscription.paymentId !== null || (status === 'ACTIVE' && !subscription.package.isFree) ? (
        <Card.Footer gap="2" flexWrap="wrap">
          {subscription.paymentId !== null ? (
            <AppLink to={pathTo('receipt', { paymentId: subscription.paymentId })} data-testid="subscription-receipt">
              {t('mine.receipt')}
            </AppLink>
          ) : null}
          {status === 'ACTIVE' && !subscription.package.isFree ? (
            <Button variant="outline" colorPalette="red" size="sm" onClick={() => setConfirming(true)} data-testid="cancel-subscription">
              {t('mine.cancel')}
            </Button>
          ) : null}
        </Card.Footer>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('mine.cancelTitle', { name })}
        description={t('mine.cancelDescription', { date: subscription.endsAt === null ? t('mine.noEnd') : formatDate(subscription.endsAt, timeZone) })}
        confirmLabel={t('mine.cancelConfirm')}
        cancelLabel={t('mine.keep')}
        onConfirm={() => cancel.mutate(subscription.id, { onSuccess: () => setConfirming(false) })}
        pending={cancel.isPending}
        refusal={<FormError code={cancel.isError ? errorCodeOf(cancel.error) : null} />}
        testId="cancel-subscription-dialog"
      />
    </Card.Root>
  );
}
