import { Navigate, Outlet, useLocation } from 'react-router';
import { signInPathFor } from '../../../domain/routes';
import { useSession } from '../../lib/session';
import { PageLoading } from '../../lib/ui/page-loading';

/** Pages for signed-in people: a visitor is sent to sign in and brought back afterwards. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isError) throw session.error;
  if (session.isPending) {
    return <PageLoading />;
  }
  if (!session.data) return <Navigate replace to={signInPathFor(`${location.pathname}${location.search}${location.hash}`)} />;
  return <Outlet />;
}
