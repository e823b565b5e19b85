import { Center, Spinner } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';

export function PageLoading() {
  return (
    <Center py="20">
      <Spinner size="lg" />
    </Center>
  );
}

/** A layout's page slot: pages wait here for their translations while the layout stays on screen. */
export function PageOutlet() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
