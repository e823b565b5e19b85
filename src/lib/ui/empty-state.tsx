import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PageEmptyStateProps {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}

/** What a page shows when it has nothing to show yet: what will be here, and what to do meanwhile. */
export function PageEmptyState({ icon, title, description, action }: PageEmptyStateProps) {
  return (
    <EmptyState.Root size="lg" bg="bg" borderRadius="l3" borderWidth="1px" data-testid="empty-state">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center" gap="2">
          <EmptyState.Title fontSize="lg">{title}</EmptyState.Title>
          <EmptyState.Description maxW="md">{description}</EmptyState.Description>
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
