import { Heading, HStack, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface StatusViewProps {
  page: string;
  icon: ReactNode;
  title: string;
  message: ReactNode;
  actions: ReactNode;
  alert?: boolean;
}

/** The frame of a page that stands in for the one asked for: not found, forbidden, failed, unavailable. */
export function StatusView({ page, icon, title, message, actions, alert = false }: StatusViewProps) {
  return (
    <VStack py={{ base: '12', md: '20' }} gap="4" textAlign="center" data-page={page} role={alert ? 'alert' : undefined}>
      {icon}
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted" data-testid="status-message">
        {message}
      </Text>
      <HStack gap="3" wrap="wrap" justify="center">
        {actions}
      </HStack>
    </VStack>
  );
}
