// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../domain/auth-schemas';
import { rememberVerification, verificationQueryKey } from '../../src/lib/api/verification/verification-cache';
import { countriesQueryOptions } from '../../src/lib/catalog';
import { sessionQueryOptions, startSession } from '../../src/lib/session';

const sara: SessionUser = { id: 'u1', slug: 'sara-1', fullName: 'Sara Ali', email: 'sara@example.com' };
const omar: SessionUser = { id: 'u2', slug: 'omar-2', fullName: 'Omar Haddad', email: 'omar@example.com' };
const profileKey = ['me', 'profile'];

function cacheOf(user: SessionUser | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryOptions.queryKey, user);
  queryClient.setQueryData(profileKey, { fullName: user?.fullName });
  queryClient.setQueryData(countriesQueryOptions.queryKey, []);
  rememberVerification(queryClient, { id: 'v1', purpose: 'REGISTER', channel: 'email', destination: 'o***@example.com', expiresAt: 2, resendAvailableAt: 1, attemptsLeft: 5, serverNow: 0 });
  return queryClient;
}

describe('starting a session', () => {
  it('forgets what was cached for someone else, but not the catalog nor an open code screen', () => {
    const queryClient = cacheOf(sara);
    startSession(queryClient, omar);
    expect(queryClient.getQueryData(sessionQueryOptions.queryKey)).toEqual(omar);
    expect(queryClient.getQueryData(profileKey)).toBeUndefined();
    expect(queryClient.getQueryData(countriesQueryOptions.queryKey)).toEqual([]);
    expect(queryClient.getQueryData(verificationQueryKey('v1'))).toBeDefined();
  });

  it('keeps the cache of the same person (a contact change signs them in again)', () => {
    const queryClient = cacheOf(sara);
    startSession(queryClient, { ...sara, email: 'sara.new@example.com' });
    expect(queryClient.getQueryData(profileKey)).toEqual({ fullName: sara.fullName });
  });
});
