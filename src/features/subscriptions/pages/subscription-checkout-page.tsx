import { Alert, Box, Grid, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Payment } from '../../../../domain/payments';
import { PAYMENT_PARAM, pathTo, ROUTES, withReturnTo } from '../../../../domain/routes';
import type { SubscriptionPackage } from '../../../../domain/subscriptions';
import { splitVat } from '../../../../domain/tax';
import { useChosenCountry } from '../../../lib/country';
import { formatDate, formatMoney } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { PageHeading } from '../../../lib/ui/page-heading';
import { PageLoading } from '../../../lib/ui/page-loading';
import { PANEL_STYLE } from '../../../lib/ui/panel';
import { ButtonLink } from '../../../lib/ui/router-link';
import { useLocale } from '../../../lib/use-locale';
import { CheckoutPanel } from '../../../lib/payments/checkout-panel';
import { usePackages } from '../api/get-packages';
import { useMySubscriptions } from '../api/get-my-subscriptions';
import { startSubscriptionCheckout } from '../api/start-checkout';
import { useReturnTo } from '../use-return-to';

/** SPEC.md section 2: one package and its payment. */
export default function SubscriptionCheckoutPage() {
  const { t } = useTranslation('subscriptions');
  const locale = useLocale();
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const returnTo = useReturnTo();
  const country = useChosenCountry();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const packages = usePackages();
  if (packages.isPending) return <PageLoading />;
  if (packages.isError) throw packages.error;
  const offered = packages.data.find((candidate) => candidate.slug === slug && !candidate.isFree);
  if (!offered) {
    return (
      <Stack data-page="subscription-checkout">
        <PageEmptyState
          icon={<CreditCard />}
          title={t('checkout.notFoundTitle')}
          description={t('checkout.notFoundDescription')}
          action={<ButtonLink to={ROUTES.subscriptions}>{t('checkout.seePackages')}</ButtonLink>}
        />
      </Stack>
    );
  }

  const checkoutPath = withReturnTo(pathTo('subscriptionCheckout', { slug }), returnTo);
  const returnPathOf = (paymentId: string) => `${checkoutPath}${checkoutPath.includes('?') ? '&' : '?'}${PAYMENT_PARAM}=${encodeURIComponent(paymentId)}`;
  return (
    <Stack gap="2" data-page="subscription-checkout">
      <PageHeading title={t('checkout.title', { name: offered.name[locale] })} />
      <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap="5" alignItems="start">
        <PackageSummary offered={offered} />
        <Box {...PANEL_STYLE}>
          <CheckoutPanel
            start={async (method, checkoutKey) => (await startSubscriptionCheckout({ packageSlug: slug, country, method, checkoutKey })).payment}
            returnPathOf={returnPathOf}
            returningPaymentId={params.get(PAYMENT_PARAM)}
            onSucceeded={(payment) => {
              // The address names the paid payment, so coming back to this page (from the receipt) shows the success again.
              void navigate(returnPathOf(payment.id), { replace: true });
              // Credits show in several places (my ads, a draft's publish button): every answer is asked again.
              void queryClient.invalidateQueries();
            }}
            renderSuccess={(payment) => <Success offered={offered} payment={payment} returnTo={returnTo} />}
          />
        </Box>
      </Grid>
    </Stack>
  );
}

function PackageSummary({ offered }: { offered: SubscriptionPackage }) {
  const { t } = useTranslation(['subscriptions', 'payments']);
  const locale = useLocale();
  const { vat } = splitVat(offered.price, offered.vatBasisPoints);
  return (
    <Stack as="section" {...PANEL_STYLE} gap="3" data-testid="package-summary">
      <Heading as="h2" size="md">
        {t('checkout.summary')}
      </Heading>
      <Text fontWeight="semibold">{offered.name[locale]}</Text>
      <Text fontSize="sm">
        {t('packages.credits', { count: offered.adCredits })} · {offered.validityDays === null ? t('packages.unlimited') : t('packages.validity', { count: offered.validityDays })}
      </Text>
      <Text color="fg.muted" fontSize="sm">
        {offered.description[locale]}
      </Text>
      <Separator />
      <HStack justify="space-between">
        <Text fontWeight="semibold">{t('payments:total')}</Text>
        <Text fontWeight="bold" fontSize="xl" data-testid="checkout-total">
          {formatMoney(offered.price, offered.currency, locale)}
        </Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {offered.vatBasisPoints > 0 ? t('payments:vatIncluded', { rate: offered.vatBasisPoints / 100, amount: formatMoney(vat, offered.currency, locale) }) : t('payments:noVat')}
      </Text>
    </Stack>
  );
}

function Success({ offered, payment, returnTo }: { offered: SubscriptionPackage; payment: Payment; returnTo: string | null }) {
  const { t } = useTranslation('subscriptions');
  const locale = useLocale();
  const timeZone = useTimeZone();
  // What the server activated, read back: its credits and its end.
  const bought = useMySubscriptions().data?.find((subscription) => subscription.paymentId === payment.id);
  return (
    <Stack gap="4" data-testid="checkout-succeeded">
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('checkout.successTitle', { name: offered.name[locale] })}</Alert.Title>
          {bought ? (
            <Alert.Description>
              {bought.endsAt === null
                ? t('checkout.successDescriptionUnlimited', { count: bought.adCredits })
                : t('checkout.successDescription', { count: bought.adCredits, date: formatDate(bought.endsAt, timeZone) })}
            </Alert.Description>
          ) : null}
        </Alert.Content>
      </Alert.Root>
      <HStack gap="2" wrap="wrap">
        {returnTo ? (
          <ButtonLink to={returnTo} data-testid="back-to-ad">
            {t('checkout.backToAd')}
          </ButtonLink>
        ) : null}
        <ButtonLink to={pathTo('receipt', { paymentId: payment.id })} variant={returnTo ? 'outline' : 'solid'} data-testid="view-receipt">
          {t('checkout.receipt')}
        </ButtonLink>
        <ButtonLink to={ROUTES.mySubscriptions} variant="outline">
          {t('checkout.mySubscriptions')}
        </ButtonLink>
      </HStack>
    </Stack>
  );
}
