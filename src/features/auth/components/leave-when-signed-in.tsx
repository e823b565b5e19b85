import { Navigate, useSearchParams } from 'react-router';
import { safeRedirectPath, SIGN_IN_REDIRECT_PARAM } from '../../../../domain/routes';
import { useSession } from '../../../lib/session';

/**
 * Someone already signed in has nothing to do on a sign-in, registration or recovery form: they go
 * on to where the form would have sent them, or home. Renders nothing for a visitor.
 */
export function LeaveWhenSignedIn() {
  const session = useSession();
  const [params] = useSearchParams();
  if (!session.data) return null;
  return <Navigate replace to={safeRedirectPath(params.get(SIGN_IN_REDIRECT_PARAM))} />;
}
