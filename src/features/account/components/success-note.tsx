import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Says that a change on the profile went through. */
export function SuccessNote({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Alert.Root status="success" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}
