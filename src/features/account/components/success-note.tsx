import { Alert } from '@chakra-ui/react';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Says that a change on the profile went through. The form that was saved often closes with its
 * button in it, so the note takes the focus: the keyboard stays in place and a screen reader reads it.
 */
export function SuccessNote({ children, testId }: { children: ReactNode; testId: string }) {
  const note = useRef<HTMLDivElement>(null);
  useEffect(() => note.current?.focus(), []);
  return (
    <Alert.Root ref={note} status="success" role="status" tabIndex={-1} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}
