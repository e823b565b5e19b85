import { Box, Heading, SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useAuctionSnapshot } from '../api/get-auction';
import { AuctionBidList } from './auction-bid-list';
import { AuctionBidderList } from './auction-bidder-list';
import { AuctionParticipantsPanel } from './auction-participants-panel';

function ActivitySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" bg="bg" borderWidth="1px" borderRadius="l3" p={{ base: '4', md: '5' }} minW="0">
      <Heading as="h2" size="md" mb="2">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/**
 * The auction's lists beside the ad's description: the offers and the bidders of this round and, for
 * a private auction's owner, who may take part. They share the panel's live snapshot.
 */
export function AuctionActivity({ slug }: { slug: string }) {
  const { t } = useTranslation('auction');
  const snapshot = useAuctionSnapshot(slug).data;
  const viewerId = useSession().data?.id ?? null;
  if (!snapshot) return null;
  const { auction, viewer } = snapshot;
  return (
    <>
      {viewer.role === 'OWNER' && auction.isPrivate ? <AuctionParticipantsPanel slug={slug} ownerId={auction.ownerId} /> : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '4', md: '6' }}>
        <ActivitySection title={t('bids.title')}>
          <AuctionBidList snapshot={snapshot} viewerId={viewerId} />
        </ActivitySection>
        <ActivitySection title={t('bidders.title')}>
          <AuctionBidderList snapshot={snapshot} viewerId={viewerId} />
        </ActivitySection>
      </SimpleGrid>
    </>
  );
}
