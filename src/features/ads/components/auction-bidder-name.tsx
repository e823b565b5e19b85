import { Text } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import type { Bidder } from '../../../../domain/auction';
import { UserText } from '../../../lib/ui/user-text';

/** A bidder's name in the bids and bidders lists, with the viewer's own marked as theirs. */
export function AuctionBidderName({ bidder, viewerId }: { bidder: Bidder; viewerId: string | null }) {
  const { t } = useTranslation('auction');
  return (
    <Text fontWeight="medium" truncate>
      {bidder.id === viewerId ? (
        <Trans t={t} i18nKey="bids.mine" values={{ name: bidder.name }} components={{ name: <UserText />, you: <Text as="span" color="fg.muted" fontWeight="normal" /> }} />
      ) : (
        <UserText>{bidder.name}</UserText>
      )}
    </Text>
  );
}
