import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SocialRegistration } from '../../../../domain/account';
import { api } from '../../../lib/api-client';

export const getSocialRegistration = (token: string) => api.get<SocialRegistration>(`/auth/social-registrations/${encodeURIComponent(token)}`);

export const socialRegistrationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['social-registration', token],
    queryFn: () => getSocialRegistration(token),
    // The pending sign-in does not change; asking again would only risk finding it expired mid-form.
    staleTime: Infinity,
  });

/** What a social sign-in with no account yet brings to the registration form; nothing without a token. */
export function useSocialRegistration(token: string | null) {
  return useQuery({ ...socialRegistrationQueryOptions(token ?? ''), enabled: token !== null });
}
