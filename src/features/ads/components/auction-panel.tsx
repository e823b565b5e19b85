import { Alert, Button, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { AuctionSnapshot } from '../../../../domain/auction';
import { signInPathFor } from '../../../../domain/routes';
import type { AuctionView } from '../../../../machines/auction-view';
import { AUCTION_WATCH_EVENTS, auctionViewOf, isWatchOffline } from '../../../../machines/auction-watch.machine';
import { PANEL_STYLE } from '../../../lib/ui/panel';
import { ButtonLink } from '../../../lib/ui/router-link';
import { auctionQueryOptions } from '../api/get-auction';
import { useLiveAuction } from '../live-auction';
import { AuctionBidForm } from './auction-bid-form';
import { AuctionBuyNow } from './auction-buy-now';
import { AuctionHighestBid } from './auction-highest-bid';
import { AuctionJoinRequest } from './auction-join-request';
import { AuctionLiveSession } from './auction-live-session';
import { AuctionOfflineNotice } from './auction-offline-notice';
import { AuctionOutbidNotice } from './auction-outbid-notice';
import { AuctionOutcome } from './auction-outcome';
import { AuctionOwnerControls } from './auction-owner-controls';
import { AuctionStatus } from './auction-status';
import { AuctionTryFinalWindow } from './auction-try-final-window';

/** Holds the panel's place while its words or its first snapshot are on their way. */
function AuctionPanelLoading() {
  return <Skeleton height="72" borderRadius="l3" />;
}

/**
 * The live auction on an ad's page: its phase and countdown in server time, the highest bid, and
 * what the viewer may do now (bid, buy, ask to join, or, for the owner, decide the round), as the
 * page's live actor holds it (`LiveAuctionProvider`).
 */
export function AuctionPanel({ slug }: { slug: string }) {
  const { t } = useTranslation('auction');
  const auction = useQuery(auctionQueryOptions(slug));
  const liveAuction = useLiveAuction();
  const snapshot = useSelector(liveAuction, (watch) => watch.context.snapshot);
  const view = useSelector(liveAuction, auctionViewOf);
  if (auction.isError) {
    return (
      <Alert.Root status="error" role="alert" flexWrap="wrap" data-testid="auction-panel" data-state="unavailable">
        <Alert.Indicator />
        <Alert.Title flex="1">{t('unavailable')}</Alert.Title>
        <Button size="sm" variant="outline" onClick={() => void auction.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Alert.Root>
    );
  }
  if (!snapshot || !view) return <AuctionPanelLoading />;
  return <AuctionPanelContent slug={slug} snapshot={snapshot} view={view} />;
}

function AuctionPanelContent({ slug, snapshot, view }: { slug: string; snapshot: AuctionSnapshot; view: AuctionView }) {
  const { t } = useTranslation('auction');
  const headingId = useId();
  const location = useLocation();
  const liveAuction = useLiveAuction();
  const offline = useSelector(liveAuction, isWatchOffline);
  const outbidBy = useSelector(liveAuction, (watch) => watch.context.outbidBy);
  const dismiss = () => liveAuction.send({ type: AUCTION_WATCH_EVENTS.DISMISS_OUTBID });
  const { auction, viewer } = snapshot;
  const { participation } = view;

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" {...PANEL_STYLE} data-testid="auction-panel" data-role={viewer.role} data-seq={auction.seq}>
      <AuctionStatus auction={auction} view={view} headingId={headingId} />
      {offline ? <AuctionOfflineNotice /> : null}
      {/* Live-bidding news: once bidding is over, the outcome says where the viewer stands instead. */}
      {outbidBy && view.biddingOpenOrAhead ? <AuctionOutbidNotice auction={auction} outbidBy={outbidBy} onDismiss={dismiss} /> : null}
      <AuctionHighestBid snapshot={snapshot} view={view} />
      <AuctionOutcome auction={auction} outcome={view.outcome} />
      {participation?.kind === 'BID' && participation.bidForm ? <AuctionBidForm slug={slug} auction={auction} view={view} offline={offline} /> : null}
      {participation?.kind === 'BID' && participation.buyNow ? <AuctionBuyNow slug={slug} auction={auction} offline={offline} /> : null}
      {participation?.kind === 'SIGN_IN' ? (
        <ButtonLink to={signInPathFor(`${location.pathname}${location.search}`)} colorPalette="orange" size="lg" data-testid="sign-in-to-bid">
          {t('signInToBid')}
        </ButtonLink>
      ) : null}
      {participation?.kind === 'JOIN' ? <AuctionJoinRequest slug={slug} role={participation.role} /> : null}
      {view.isOwner ? <AuctionOwnerControls slug={slug} auction={auction} view={view} /> : null}
      {view.ownerMayEndRoundSoon ? <AuctionTryFinalWindow slug={slug} /> : null}
      <AuctionLiveSession auction={auction} />
    </Stack>
  );
}
