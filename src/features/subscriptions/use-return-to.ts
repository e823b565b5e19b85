import { useSearchParams } from 'react-router';
import { RETURN_TO_PARAM, safeRedirectPath } from '../../../domain/routes';

/** The page a buyer came from to buy a package (an ad refused for lack of credit), when it is one of this site's. */
export function useReturnTo(): string | null {
  const [params] = useSearchParams();
  const asked = params.get(RETURN_TO_PARAM);
  return asked && safeRedirectPath(asked) === asked ? asked : null;
}
