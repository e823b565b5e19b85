import { SimpleGrid } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { managesParticipants } from '../../../../machines/auction-view';
import { useHydrated } from '../../../lib/hydration';
import { Panel } from '../../../lib/ui/panel';
import { useLiveAuction } from '../live-auction';
import { AuctionBidList } from './auction-bid-list';
import { AuctionBidderList } from './auction-bidder-list';

const AuctionParticipantsPanel = lazy(() => import('./auction-participants-panel').then((panel) => ({ default: panel.AuctionParticipantsPanel })));

/**
 * The owner's panel checks a contact with the server's schema, so it brings zod and the form
 * libraries, which nothing else an ad's visitor sees needs: it loads apart, once the page runs.
 */
function ParticipantsPanelOnceRunning({ slug, ownerId }: { slug: string; ownerId: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <AuctionParticipantsPanel slug={slug} ownerId={ownerId} />
    </Suspense>
  );
}

/**
 * The auction's lists beside the ad's description: the offers and the bidders of this round and, for
 * a private auction's owner, who may take part. They read the page's live actor, as the panel does.
 */
export function AuctionActivity({ slug }: { slug: string }) {
  const { t } = useTranslation('auction');
  const liveAuction = useLiveAuction();
  const snapshot = useSelector(liveAuction, (watch) => watch.context.snapshot);
  const viewerId = useSelector(liveAuction, (watch) => watch.context.viewerId);
  if (!snapshot) return null;
  return (
    <>
      {managesParticipants(snapshot) ? <ParticipantsPanelOnceRunning slug={slug} ownerId={snapshot.auction.ownerId} /> : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '4', md: '6' }}>
        <Panel title={t('bids.title')} minW="0">
          <AuctionBidList snapshot={snapshot} viewerId={viewerId} />
        </Panel>
        <Panel title={t('bidders.title')} minW="0">
          <AuctionBidderList snapshot={snapshot} viewerId={viewerId} />
        </Panel>
      </SimpleGrid>
    </>
  );
}
