import { Center, Spinner } from '@chakra-ui/react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ERROR_CODES } from '../../../domain/errors';
import { decideChunkReload, isChunkLoadError } from '../../lib/chunk-reload';
import { HttpError } from '../../lib/http';
import { ForbiddenView } from './forbidden-view';
import { InternalErrorView } from './internal-error-view';
import { NotFoundView } from './not-found-view';

/**
 * What a route shows when it throws. A page chunk that failed to download reloads the page,
 * at most once per path per CHUNK_RELOAD_GUARD_MS; past that the internal-error view shows.
 */
export function RouteErrorView() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const reload = decideChunkReload(error, pathname);

  useEffect(() => {
    if (reload) window.location.reload();
  }, [reload]);

  if (reload) {
    return (
      <Center py="20">
        <Spinner size="lg" />
      </Center>
    );
  }
  if ((isRouteErrorResponse(error) && error.status === 404) || (error instanceof HttpError && error.code === ERROR_CODES.NOT_FOUND)) {
    return <NotFoundView />;
  }
  if (error instanceof HttpError && error.code === ERROR_CODES.FORBIDDEN) return <ForbiddenView />;
  if (!isChunkLoadError(error)) console.error(error);
  return <InternalErrorView />;
}
