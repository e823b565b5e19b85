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

/** The frame shared by the 404, permission and internal-error views. */
export function StatusView({ page, icon, title, message, actions, alert = false }: StatusViewProps) {
  return (
    <VStack py="20" gap="4" textAlign="center" data-page={page} role={alert ? 'alert' : undefined}>
      {icon}
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted" data-testid="status-message">
        {message}
      </Text>
      <HStack>{actions}</HStack>
    </VStack>
  );
}
