import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../lib/ui/page-loading';

/** A layout's page slot: pages wait here for their translations while the layout stays on screen. */
export function PageOutlet() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
