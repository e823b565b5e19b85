import { Center, Spinner } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';

/** A layout's page slot: pages wait here for their translations while the layout stays on screen. */
export function PageOutlet() {
  return (
    <Suspense
      fallback={
        <Center py="20">
          <Spinner size="lg" />
        </Center>
      }
    >
      <Outlet />
    </Suspense>
  );
}
