import { List, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface AuctionListProps<Item> {
  items: readonly Item[];
  /** Said instead of the list when it is empty. */
  emptyText: string;
  /** The list's test id; it carries the count as `data-count`. */
  testId: string;
  /** Each row's key, and its test id and data attributes. */
  rowOf: (item: Item) => { key: string; attributes: Record<`data-${string}`, string | number> };
  children: (item: Item, index: number) => ReactNode;
}

/** One of the round's lists (bids, bidders) beside the ad: rows divided by a rule, or a muted line when empty. */
export function AuctionList<Item>({ items, emptyText, testId, rowOf, children }: AuctionListProps<Item>) {
  if (items.length === 0) {
    return (
      <Text color="fg.muted" data-testid={testId} data-count={0}>
        {emptyText}
      </Text>
    );
  }
  return (
    <List.Root as="ol" listStyleType="none" gap="0" data-testid={testId} data-count={items.length}>
      {items.map((item, index) => {
        const { key, attributes } = rowOf(item);
        return (
          <List.Item key={key} py="2.5" borderBottomWidth={index === items.length - 1 ? '0' : '1px'} {...attributes}>
            {children(item, index)}
          </List.Item>
        );
      })}
    </List.Root>
  );
}
