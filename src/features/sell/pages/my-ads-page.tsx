import { Alert, Badge, Box, Button, Card, HStack, Image, Stack, Tabs, Text } from '@chakra-ui/react';
import { FileClock, ImageOff, Megaphone, Plus, Store } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { adPhaseOf, isTenderType } from '../../../../domain/ad';
import { type MyAd } from '../../../../domain/ad-form';
import { ERROR_CODES } from '../../../../domain/errors';
import { mediaUrl } from '../../../../domain/media';
import { pathTo, ROUTES } from '../../../../domain/routes';
import { useNow } from '../../../lib/countdown';
import { formatDate, formatMoney } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { errorCodeOf } from '../../../lib/http';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { PageHeading } from '../../../lib/ui/page-heading';
import { PageLoading } from '../../../lib/ui/page-loading';
import { AppLink, ButtonLink } from '../../../lib/ui/router-link';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';
import { useDeleteAd } from '../api/delete-ad';
import { useEndAd } from '../api/end-ad';
import { useMyAds } from '../api/get-my-ads';
import { usePublishDraft } from '../api/publish-draft';
import { useRepostAd } from '../api/repost-ad';
import { AdCommandRefusal } from '../components/ad-command-refusal';
import { SaleTypeBadge } from '../../../lib/ui/sale-type-badge';
import { MINUTE_MS } from '../../../../domain/timing';

const TABS = ['PUBLISHED', 'DRAFT', 'ENDED'] as const;
type Tab = (typeof TABS)[number];
const TAB_KEYS: Record<Tab, string> = { PUBLISHED: 'published', DRAFT: 'drafts', ENDED: 'ended' };
const TAB_ICONS: Record<Tab, ReactNode> = { PUBLISHED: <Store />, DRAFT: <FileClock />, ENDED: <Megaphone /> };

export default function MyAdsPage() {
  const { t } = useTranslation('sell');
  const myAds = useMyAds();
  const now = useNow(MINUTE_MS);
  const [tab, setTab] = useState<Tab>('PUBLISHED');
  if (myAds.isPending) return <PageLoading />;
  if (myAds.isError) throw myAds.error;

  // A published ad whose schedule ran out has ended, whatever its stored status says.
  const byTab = Object.fromEntries(TABS.map((status) => [status, myAds.data.items.filter((ad) => adPhaseOf(ad, now) === status)])) as Record<Tab, MyAd[]>;

  return (
    <Stack gap="4" data-page="my-ads">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <PageHeading title={t('myAds.title')} />
        <ButtonLink to={ROUTES.createSale} data-testid="post-ad">
          <Plus />
          {t('myAds.postAd')}
        </ButtonLink>
      </HStack>
      <HStack gap="2" wrap="wrap" borderWidth="1px" borderRadius="l2" px="4" py="3" bg="bg" data-testid="ad-credits">
        <Text>{t('myAds.credits', { count: myAds.data.adCredits })}</Text>
        <AppLink to={ROUTES.subscriptions} color="colorPalette.fg" fontWeight="medium">
          {t('credit.seePackages')}
        </AppLink>
      </HStack>
      <Tabs.Root value={tab} onValueChange={(event) => setTab(event.value as Tab)} variant="line" lazyMount>
        <Tabs.List>
          {TABS.map((status) => (
            <Tabs.Trigger key={status} value={status} data-testid={`tab-${TAB_KEYS[status]}`}>
              {t(`myAds.tabs.${TAB_KEYS[status]}`)}
              <Badge size="sm" variant="subtle">
                {byTab[status].length}
              </Badge>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((status) => (
          <Tabs.Content key={status} value={status}>
            {byTab[status].length === 0 ? (
              <PageEmptyState
                icon={TAB_ICONS[status]}
                title={t(`myAds.empty.${TAB_KEYS[status]}.title`)}
                description={t(`myAds.empty.${TAB_KEYS[status]}.description`)}
                action={status === 'ENDED' ? undefined : <ButtonLink to={ROUTES.createSale}>{t('myAds.postAd')}</ButtonLink>}
              />
            ) : (
              <Stack as="ul" gap="3" listStyleType="none">
                {byTab[status].map((ad) => (
                  <MyAdRow key={ad.slug} ad={ad} phase={status} now={now} />
                ))}
              </Stack>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}

type Confirming = 'end' | 'delete' | null;

/** One ad with what its owner may do to it now, as the server allows. */
function MyAdRow({ ad, phase, now }: { ad: MyAd; phase: Tab; now: number }) {
  const { t } = useTranslation('sell');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const publish = usePublishDraft();
  const end = useEndAd();
  const repost = useRepostAd();
  const deletion = useDeleteAd();
  const { actions, slug } = ad;
  const viewPath = phase === 'DRAFT' ? pathTo('adDraft', { slug }) : pathTo('ad', { slug });
  const amount = ad.price ?? ad.openingAmount;
  // The latest refusal of an action done from the row itself (the dialogs show their own).
  const rowRefusal = publish.error ?? repost.error;

  const dates: string[] = [];
  if (phase === 'DRAFT') dates.push(t('myAds.dates.saved', { date: formatDate(ad.updatedAt, timeZone) }));
  if (phase !== 'DRAFT' && ad.publishedAt !== null) dates.push(t('myAds.dates.published', { date: formatDate(ad.publishedAt, timeZone) }));
  if (phase === 'PUBLISHED' && ad.startsAt !== null && ad.startsAt > now) dates.push(t('myAds.dates.starts', { date: formatDate(ad.startsAt, timeZone) }));
  // An ad ended early ended before its planned end; one whose time ran out while this page was open ended at it.
  const endedAt = phase === 'ENDED' ? (ad.endedAt ?? ad.endsAt) : null;
  if (endedAt !== null) dates.push(t('myAds.dates.ended', { date: formatDate(endedAt, timeZone) }));
  else if (ad.endsAt !== null) dates.push(t('myAds.dates.ends', { date: formatDate(ad.endsAt, timeZone) }));

  const closeDialog = () => {
    setConfirming(null);
    end.reset();
    deletion.reset();
  };

  return (
    <Card.Root as="li" size="sm" data-testid="my-ad" data-slug={slug}>
      <Card.Body>
        <Stack gap="3">
          <HStack gap="4" align="start">
            <Box boxSize={{ base: '16', sm: '20' }} flexShrink={0} borderRadius="l2" overflow="hidden" bg="bg.muted" display="flex" alignItems="center" justifyContent="center" color="fg.subtle">
              {ad.mainImageId ? <Image src={mediaUrl(ad.mainImageId, 'thumb')} alt="" w="full" h="full" objectFit="cover" /> : <ImageOff />}
            </Box>
            <Stack gap="1" flex="1" minW="0">
              <HStack gap="2" wrap="wrap">
                <SaleTypeBadge type={ad.type} />
                {ad.bidCount > 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    {t('myAds.bids', { count: ad.bidCount })}
                  </Text>
                ) : null}
              </HStack>
              <AppLink to={viewPath} fontWeight="semibold" fontSize="md" lineClamp={2} data-testid="my-ad-title">
                {ad.title ? <UserText>{ad.title}</UserText> : t('draft.noTitle')}
              </AppLink>
              {isTenderType(ad.type) ? (
                <Text fontSize="sm">{t('myAds.offersInvited')}</Text>
              ) : amount !== null ? (
                <Text fontWeight="semibold">
                  {ad.price === null ? (
                    <Trans t={t} i18nKey="myAds.openingFrom" values={{ amount: formatMoney(amount, ad.currency, locale) }} components={{ amount: <bdi /> }} />
                  ) : (
                    <bdi>{formatMoney(amount, ad.currency, locale)}</bdi>
                  )}
                </Text>
              ) : null}
              {dates.length > 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  {dates.join(t('common:separators.list'))}
                </Text>
              ) : null}
            </Stack>
          </HStack>
          {errorCodeOf(publish.error) === ERROR_CODES.VALIDATION_FAILED ? (
            // Publishing from the list sends the draft as stored: what it lacks is listed on its preview.
            <Alert.Root status="warning" role="alert" data-testid="draft-incomplete">
              <Alert.Indicator />
              <Alert.Title>
                {t('myAds.draftIncomplete')} <AppLink to={viewPath}>{t('myAds.seeWhatIsMissing')}</AppLink>
              </Alert.Title>
            </Alert.Root>
          ) : rowRefusal ? (
            <AdCommandRefusal error={rowRefusal} command={repost.error ? 'repost' : 'publish'} returnTo={ROUTES.myAds} />
          ) : null}
          <HStack gap="2" wrap="wrap" justify="flex-end">
            {/* An auction waiting for its owner's decision is opened to decide it. */}
            {ad.awaitsYourDecision ? (
              <ButtonLink to={viewPath} size="sm" colorPalette="orange" data-testid="my-ad-decide">
                {t('myAds.actions.decide')}
              </ButtonLink>
            ) : ad.openOffers > 0 ? (
              <ButtonLink to={viewPath} size="sm" colorPalette="orange" data-testid="my-ad-offers">
                {t('myAds.actions.answerOffers', { count: ad.openOffers })}
              </ButtonLink>
            ) : (
              <ButtonLink to={viewPath} size="sm" variant="ghost">
                {t('myAds.actions.view')}
              </ButtonLink>
            )}
            {actions.edit ? (
              <ButtonLink to={pathTo('adEdit', { slug })} size="sm" variant="outline">
                {t('myAds.actions.edit')}
              </ButtonLink>
            ) : null}
            {actions.publish ? (
              <Button size="sm" onClick={() => publish.mutate(slug)} loading={publish.isPending} data-testid="my-ad-publish">
                {t('myAds.actions.publish')}
              </Button>
            ) : null}
            {actions.repost ? (
              <Button size="sm" onClick={() => repost.mutate(slug)} loading={repost.isPending} data-testid="my-ad-repost">
                {t('myAds.actions.repost')}
              </Button>
            ) : null}
            {actions.end ? (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming('end')} data-testid="my-ad-end">
                {t('myAds.actions.end')}
              </Button>
            ) : null}
            {actions.delete ? (
              <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setConfirming('delete')} data-testid="my-ad-delete">
                {t('myAds.actions.delete')}
              </Button>
            ) : null}
          </HStack>
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={confirming === 'end'}
        onClose={closeDialog}
        title={t('myAds.confirmEnd.title')}
        description={t('myAds.confirmEnd.text')}
        confirmLabel={t('myAds.confirmEnd.confirm')}
        onConfirm={() => end.mutate(slug, { onSuccess: closeDialog })}
        pending={end.isPending}
        refusal={<AdCommandRefusal error={end.error} />}
        testId="end-ad-dialog"
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onClose={closeDialog}
        title={t('myAds.confirmDelete.title')}
        description={t('myAds.confirmDelete.text')}
        confirmLabel={t('myAds.confirmDelete.confirm')}
        onConfirm={() => deletion.mutate(slug, { onSuccess: closeDialog })}
        pending={deletion.isPending}
        refusal={<AdCommandRefusal error={deletion.error} />}
        testId="delete-ad-dialog"
      />
    </Card.Root>
  );
}
