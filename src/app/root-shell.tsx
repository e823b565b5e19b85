import { Box } from '@chakra-ui/react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { ROUTE_TRANSITION_DELAY_MS } from '../../domain/timing';
import { useDelayedFlag } from '../lib/use-delayed-flag';

/**
 * Above every layout: scroll restoration and the route-change progress bar, which waits
 * ROUTE_TRANSITION_DELAY_MS so quick transitions do not flash it (SPEC.md section 2).
 */
export function RootShell() {
  const navigation = useNavigation();
  const showProgress = useDelayedFlag(navigation.state !== 'idle', ROUTE_TRANSITION_DELAY_MS);
  return (
    <>
      {showProgress ? (
        <Box
          role="progressbar"
          aria-busy="true"
          data-testid="route-progress"
          position="fixed"
          insetInlineStart="0"
          top="0"
          height="3px"
          width="full"
          bg="colorPalette.solid"
          zIndex="max"
          animation="pulse 1s ease-in-out infinite"
        />
      ) : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
