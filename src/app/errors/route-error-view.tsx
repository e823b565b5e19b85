import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ERROR_CODES } from '../../../domain/errors';
import { HttpError } from '../../lib/http';
import { ForbiddenView } from './forbidden-view';
import { InternalErrorView } from './internal-error-view';
import { NotFoundView } from './not-found-view';

/** What a route shows when it throws: not found, no permission, or the internal-error view. */
export function RouteErrorView() {
  const error = useRouteError();
  if ((isRouteErrorResponse(error) && error.status === 404) || (error instanceof HttpError && error.code === ERROR_CODES.NOT_FOUND)) {
    return <NotFoundView />;
  }
  if (error instanceof HttpError && error.code === ERROR_CODES.FORBIDDEN) return <ForbiddenView />;
  console.error(error);
  return <InternalErrorView />;
}
