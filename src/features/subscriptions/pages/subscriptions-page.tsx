import { Badge, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck, CalendarClock, Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pathTo, ROUTES, withReturnTo } from '../../../../domain/routes';
import type { SubscriptionPackage } from '../../../../domain/subscriptions';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { PageHeading } from '../../../lib/ui/page-heading';
import { PageLoading } from '../../../lib/ui/page-loading';
import { AppLink, ButtonLink } from '../../../lib/ui/router-link';
import { useLocale } from '../../../lib/use-locale';
import { usePackages } from '../api/get-packages';
import { useReturnTo } from '../use-return-to';

/** SPEC.md section 2: the advertising packages, priced where the buyer is. */
export default function SubscriptionsPage() {
  const { t } = useTranslation('subscriptions');
  const packages = usePackages();
  const signedIn = Boolean(useSession().data);
  const returnTo = useReturnTo();
  if (packages.isPending) return <PageLoading />;
  if (packages.isError) throw packages.error;

  return (
    <Stack gap="4" data-page="subscriptions">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <PageHeading title={t('packages.title')} subtitle={t('packages.subtitle')} />
        {signedIn ? <AppLink to={ROUTES.mySubscriptions}>{t('packages.mySubscriptions')}</AppLink> : null}
      </HStack>
      {returnTo ? <AppLink to={returnTo}>{t('packages.backToAd')}</AppLink> : null}
      {!signedIn ? (
        <Text color="fg.muted" fontSize="sm">
          {t('packages.signInNote')}
        </Text>
      ) : null}
      {packages.data.length === 0 ? (
        <PageEmptyState icon={<BadgeCheck />} title={t('pages:subscriptions.emptyTitle')} description={t('pages:subscriptions.emptyDescription')} />
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          {packages.data.map((offered) => (
            <PackageCard key={offered.slug} offered={offered} returnTo={returnTo} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function PackageCard({ offered, returnTo }: { offered: SubscriptionPackage; returnTo: string | null }) {
  const { t } = useTranslation('subscriptions');
  const locale = useLocale();
  return (
    <Card.Root as="li" data-testid={`package-${offered.slug}`}>
      <Card.Body gap="3">
        <Heading as="h2" size="lg">
          {offered.name[locale]}
        </Heading>
        <Text fontSize="2xl" fontWeight="bold" data-testid="package-price">
          {offered.isFree ? t('packages.free') : formatMoney(offered.price, offered.currency, locale)}
        </Text>
        <Stack gap="1" fontSize="sm">
          <HStack gap="2">
            <Megaphone size={16} aria-hidden />
            <Text>{t('packages.credits', { count: offered.adCredits })}</Text>
          </HStack>
          <HStack gap="2">
            <CalendarClock size={16} aria-hidden />
            <Text>{offered.validityDays === null ? t('packages.unlimited') : t('packages.validity', { count: offered.validityDays })}</Text>
          </HStack>
        </Stack>
        <Text color="fg.muted" fontSize="sm">
          {offered.description[locale]}
        </Text>
      </Card.Body>
      <Card.Footer>
        {offered.isFree ? (
          <Badge variant="subtle" colorPalette="green">
            {t('packages.includedWithAccount')}
          </Badge>
        ) : (
          <ButtonLink to={withReturnTo(pathTo('subscriptionCheckout', { slug: offered.slug }), returnTo)} width="full" data-testid="subscribe">
            {t('packages.subscribe')}
          </ButtonLink>
        )}
      </Card.Footer>
    </Card.Root>
  );
}
