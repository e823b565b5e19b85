// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../domain/auth-schemas';
import { mockFetch, renderWithProviders, standInForResizeObserver } from './render-with-providers';

const fetchMock = mockFetch();
// The refusal shows in a tooltip.
standInForResizeObserver();

const { FavoriteButton } = await import('../../src/features/ads/components/favorite-button');
const { sessionQueryOptions } = await import('../../src/lib/session');

const sara: SessionUser = { id: 'u1', slug: 'sara-1', fullName: 'Sara Ali', email: 'sara@example.com' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function showHeart(user: SessionUser | null, favourites: string[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryOptions.queryKey, user);
  const router = createMemoryRouter(
    [
      { path: '/product_list', element: <FavoriteButton slug="ps5-1" title="PlayStation 5" /> },
      { path: '/login', element: null },
    ],
    { initialEntries: ['/product_list?kind=AUCTION'] },
  );
  fetchMock.mockImplementation(async (url) => (String(url) === '/api/favorites/slugs' ? json(200, { slugs: favourites }) : json(500, { error: { code: 'INTERNAL', message: 'down' } })));
  await renderWithProviders(<RouterProvider router={router} />, { queryClient });
  return { router, heart: screen.getByTestId('favorite-button') };
}

/** A server answer the test releases when it chooses. */
function pending() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((release) => (resolve = release));
  return { promise, resolve };
}

const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET').map(([url, init]) => `${init!.method} ${String(url)}`);

describe('the favourite heart', () => {
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
  });

  it('sends a visitor to sign in and back to the same listing', async () => {
    const { router, heart } = await showHeart(null, []);
    fireEvent.click(heart);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/product_list?kind=AUCTION');
    expect(writes()).toEqual([]);
  });

  it('fills at once and stays filled once the server agrees', async () => {
    const { heart } = await showHeart(sara, []);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const answer = pending();
    fetchMock.mockImplementation(async (url, init) => (init?.method === 'PUT' ? answer.promise : json(200, { slugs: ['ps5-1'] })));
    fireEvent.click(heart);
    // Filled while the server has not answered yet.
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(writes()).toEqual(['PUT /api/favorites/ps5-1']);
    answer.resolve(new Response(null, { status: 204 }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/favorites/slugs').length).toBe(2));
    expect(heart.getAttribute('aria-pressed')).toBe('true');
  });

  it('empties again and says so when the server refuses', async () => {
    const { heart } = await showHeart(sara, ['ps5-1']);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    const answer = pending();
    fetchMock.mockImplementation(async (url, init) => (init?.method === 'DELETE' ? answer.promise : json(200, { slugs: ['ps5-1'] })));
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    answer.resolve(json(500, { error: { code: 'INTERNAL', message: 'down' } }));
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(writes()).toEqual(['DELETE /api/favorites/ps5-1']);
    expect((await screen.findByRole('alert')).textContent).toBe('favorite.failed');
  });
});
