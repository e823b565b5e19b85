import { Alert, Button, Skeleton, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type AuctionSnapshot, type Bid, hasJustBeenOutbid } from '../../../../domain/auction';
import { signInPathFor } from '../../../../domain/routes';
import { useOnline } from '../../../lib/online';
import { useSession } from '../../../lib/session';
import { PANEL_STYLE } from '../../../lib/ui/panel';
import { ButtonLink } from '../../../lib/ui/router-link';
import { useAuction } from '../api/get-auction';
import { useAuctionState } from '../use-auction-state';
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
export function AuctionPanelLoading() {
  return <Skeleton height="72" borderRadius="l3" />;
}

/**
 * The live auction on an ad's page: its phase and countdown in server time, the highest bid, and
 * what the viewer may do now (bid, buy, ask to join, or, for the owner, decide the round), kept
 * live over the socket.
 */
export function AuctionPanel({ slug }: { slug: string }) {
  const { t } = useTranslation('auction');
  const auction = useAuction(slug);
  const viewerId = useSession().data?.id ?? null;
  if (auction.isPending) return <AuctionPanelLoading />;
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
  return <AuctionPanelContent slug={slug} snapshot={auction.data} viewerId={viewerId} />;
}

/**
 * The bid that has just outbid the viewer (`hasJustBeenOutbid`), moved along while others keep
 * bidding, cleared when the viewer leads again or dismisses it.
 */
function useOutbidNotice(snapshot: AuctionSnapshot, viewerId: string | null) {
  const [seen, setSeen] = useState(snapshot);
  const [outbidBy, setOutbidBy] = useState<Bid | null>(null);
  const { highestBid } = snapshot.auction;
  if (highestBid?.id !== seen.auction.highestBid?.id) {
    setSeen(snapshot);
    if (highestBid === null || highestBid.bidder.id === viewerId) setOutbidBy(null);
    else if (outbidBy !== null || hasJustBeenOutbid(seen, snapshot, viewerId)) setOutbidBy(highestBid);
  }
  return { outbidBy, dismiss: () => setOutbidBy(null) };
}

function AuctionPanelContent({ slug, snapshot, viewerId }: { slug: string; snapshot: AuctionSnapshot; viewerId: string | null }) {
  const { t } = useTranslation('auction');
  const headingId = useId();
  const location = useLocation();
  const view = useAuctionState(snapshot, viewerId);
  const online = useOnline();
  const { outbidBy, dismiss } = useOutbidNotice(snapshot, viewerId);
  const { auction, viewer } = snapshot;
  const { participation } = view;

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" {...PANEL_STYLE} data-testid="auction-panel" data-role={viewer.role} data-seq={auction.seq}>
      <AuctionStatus auction={auction} view={view} headingId={headingId} />
      {online ? null : <AuctionOfflineNotice />}
      {/* Live-bidding news: once bidding is over, the outcome says where the viewer stands instead. */}
      {outbidBy && view.biddingOpenOrAhead ? <AuctionOutbidNotice auction={auction} outbidBy={outbidBy} onDismiss={dismiss} /> : null}
      <AuctionHighestBid snapshot={snapshot} view={view} />
      <AuctionOutcome auction={auction} outcome={view.outcome} />
      {participation?.kind === 'BID' && participation.bidForm ? <AuctionBidForm slug={slug} auction={auction} view={view} /> : null}
      {participation?.kind === 'BID' && participation.buyNow ? <AuctionBuyNow slug={slug} auction={auction} /> : null}
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
