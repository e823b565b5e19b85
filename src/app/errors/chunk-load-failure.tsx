import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { claimChunkReload } from '../../lib/chunk-reload';
import { PageLoading } from '../../lib/ui/page-loading';
import { InternalErrorView } from './internal-error-view';

/** One decision per path for the life of this document, however often React renders (StrictMode). */
const decisions = new Map<string, boolean>();
function decideOnce(pathname: string): boolean {
  const decision = decisions.get(pathname) ?? claimChunkReload(pathname, Date.now(), window.sessionStorage);
  decisions.set(pathname, decision);
  return decision;
}

/**
 * Stands in for a page whose chunk failed to download (a deploy replaced it, or the network
 * dropped): the page reloads, at most once per path per CHUNK_RELOAD_GUARD_MS; past that the
 * internal-error view shows instead of a reload loop.
 */
export function ChunkLoadFailure() {
  const { pathname } = useLocation();
  const [reloadAllowed] = useState(() => decideOnce(pathname));
  useEffect(() => {
    if (reloadAllowed) window.location.reload();
  }, [reloadAllowed]);
  return reloadAllowed ? <PageLoading /> : <InternalErrorView />;
}
