import { isRouteErrorResponse, Navigate, useLocation, useRouteError } from 'react-router';
import { ERROR_CODES } from '../../../domain/errors';
import { signInPathFor } from '../../../domain/routes';
import { HttpError } from '../../lib/http';
import { ForbiddenView } from './forbidden-view';
import { InternalErrorView } from './internal-error-view';
import { NotFoundView } from './not-found-view';

/** What a route shows when it throws: sign-in, not found, no permission, or the internal-error view. */
export function RouteErrorView() {
  const error = useRouteError();
  const location = useLocation();
  // A session that ended while the page was open: signing in again helps, so send the person there.
  if (error instanceof HttpError && error.code === ERROR_CODES.UNAUTHENTICATED) {
    return <Navigate replace to={signInPathFor(location.pathname + location.search)} />;
  }
  if ((isRouteErrorResponse(error) && error.status === 404) || (error instanceof HttpError && error.code === ERROR_CODES.NOT_FOUND)) {
    return <NotFoundView />;
  }
  if (error instanceof HttpError && error.code === ERROR_CODES.FORBIDDEN) return <ForbiddenView />;
  console.error(error);
  return <InternalErrorView />;
}
