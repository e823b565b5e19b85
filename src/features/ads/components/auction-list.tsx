import { List, type ListItemProps, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One of the round's lists (bids, bidders) beside the ad: its rows (`AuctionListRow`), or a muted line when empty. */
export function AuctionList({ count, emptyText, testId, children }: { count: number; emptyText: string; testId: string; children: ReactNode }) {
  if (count === 0) {
    return (
      <Text color="fg.muted" data-testid={testId} data-count={0}>
        {emptyText}
      </Text>
    );
  }
  return (
    <List.Root as="ol" listStyleType="none" gap="0" data-testid={testId} data-count={count}>
      {children}
    </List.Root>
  );
}

/** A row of an `AuctionList`, divided from the next by a rule. */
export function AuctionListRow(props: ListItemProps) {
  return <List.Item py="2.5" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }} {...props} />;
}
