import { Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

interface ProfileSectionProps {
  title: string;
  description: string;
  action?: ReactNode;
  danger?: boolean;
  testId: string;
  children: ReactNode;
}

/** One card of the profile page, named by its heading. */
export function ProfileSection({ title, description, action, danger = false, testId, children }: ProfileSectionProps) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} borderColor={danger ? 'border.error' : undefined} data-testid={testId}>
      <Card.Header>
        <Flex justify="space-between" align="start" gap="4" wrap="wrap">
          <Stack gap="1" flex="1" minW="48">
            <Heading as="h2" size="lg" id={headingId} color={danger ? 'fg.error' : undefined}>
              {title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {description}
            </Text>
          </Stack>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
