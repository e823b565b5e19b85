// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdList } from '../../domain/ad-schemas';
import type { Category } from '../../domain/catalog';
import { ROUTES } from '../../domain/routes';
import enErrors from '../../locales/en/errors.json';

// The API client binds fetch when its module loads, so the stand-in must be there first.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock;
  return mock;
});

const { default: ProductListPage } = await import('../../src/features/ads/pages/product-list-page');
const { categoriesQueryOptions, countriesQueryOptions } = await import('../../src/lib/catalog');
const { sessionQueryOptions } = await import('../../src/lib/session');
const { setChosenCountry } = await import('../../src/lib/country');
const { renderWithProviders } = await import('./render-with-providers');

const ELECTRONICS: Category = {
  id: 1, slug: 'electronics', icon: 'laptop', name: { ar: 'إلكترونيات', en: 'Electronics' },
  children: [
    { id: 11, slug: 'gaming', icon: 'gamepad', name: { ar: 'ألعاب', en: 'Gaming' }, brands: [{ id: 7, name: { ar: 'بلايستيشن', en: 'PlayStation' } }] },
    { id: 12, slug: 'mobiles', icon: 'smartphone', name: { ar: 'جوالات', en: 'Mobiles' }, brands: [] },
  ],
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const listingRequests = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/ads?'));
const lastListingQuery = () => Object.fromEntries(new URL(listingRequests().at(-1)!, 'http://site').searchParams);

const SAUDI_ARABIA = { code: 'SA', name: { ar: 'السعودية', en: 'Saudi Arabia' }, dialCode: '966', currency: 'SAR', cities: [] };

async function openListing(search: string, answer: AdList = { items: [], total: 0, page: 1, pageSize: 12 }) {
  fetchMock.mockImplementation(async (url) => (String(url).startsWith('/api/ads?') ? json(200, answer) : json(404, { error: { code: 'NOT_FOUND', message: 'unexpected' } })));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryOptions.queryKey, null);
  queryClient.setQueryData(countriesQueryOptions.queryKey, [SAUDI_ARABIA]);
  queryClient.setQueryData(categoriesQueryOptions.queryKey, [ELECTRONICS]);
  const router = createMemoryRouter([{ path: ROUTES.productList, Component: ProductListPage }], { initialEntries: [`${ROUTES.productList}${search}`] });
  await renderWithProviders(<RouterProvider router={router} />, { queryClient });
  await waitFor(() => expect(listingRequests().length).toBeGreaterThan(0));
  return router;
}

describe('the listing page', () => {
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    setChosenCountry(null);
  });

  it('asks for exactly what the address says, and shows a subcategory under its category', async () => {
    await openListing('?q=ps5&category=gaming&brand=7&page=3');
    expect(lastListingQuery()).toEqual({ q: 'ps5', category: 'gaming', brand: '7', sort: 'newest', page: '3', pageSize: '12' });
    expect((screen.getByLabelText('filters.category') as HTMLSelectElement).value).toBe('electronics');
    expect((screen.getByLabelText('filters.subcategory') as HTMLSelectElement).value).toBe('gaming');
    expect((screen.getByLabelText('filters.brand') as HTMLSelectElement).value).toBe('7');
  });

  it('puts a new sort in the address and starts again at page 1', async () => {
    const router = await openListing('?q=ps5&page=3');
    fireEvent.change(screen.getByTestId('sort'), { target: { value: 'priceAsc' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=ps5&sort=priceAsc'));
    await waitFor(() => expect(lastListingQuery()).toMatchObject({ sort: 'priceAsc', page: '1' }));
  });

  it('drops the brand when another category is chosen', async () => {
    const router = await openListing('?category=gaming&brand=7');
    fireEvent.change(screen.getByLabelText('filters.subcategory'), { target: { value: 'mobiles' } });
    await waitFor(() => expect(router.state.location.search).toBe('?category=mobiles'));
  });

  it('offers to clear the filters when nothing matches, keeping the search words', async () => {
    const router = await openListing('?q=ps5&condition=NEW&shipping=FREE');
    fireEvent.click(within(await screen.findByTestId('empty-state')).getByRole('button', { name: 'filters.clear' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=ps5'));
  });

  it('turns pages through the address, keeping every filter', async () => {
    const router = await openListing('?kind=SALE&pageSize=24', { items: [], total: 100, page: 1, pageSize: 24 });
    const pages = await screen.findByTestId('pagination');
    expect(within(pages).getByRole('button', { current: 'page' }).textContent).toBe('1');
    fireEvent.click(within(pages).getByText('2'));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=SALE&pageSize=24&page=2'));
    await waitFor(() => expect(lastListingQuery()).toMatchObject({ kind: 'SALE', page: '2', pageSize: '24' }));
    fireEvent.click(within(pages).getByRole('button', { name: 'list.next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=SALE&pageSize=24&page=3'));
  });

  it('goes Back to the previous filters', async () => {
    const router = await openListing('?kind=AUCTION');
    fireEvent.change(screen.getByLabelText('filters.condition'), { target: { value: 'USED' } });
    await waitFor(() => expect(router.state.location.search).toBe('?kind=AUCTION&condition=USED'));
    await router.navigate(-1);
    await waitFor(() => expect(lastListingQuery()).not.toHaveProperty('condition'));
    expect(router.state.location.search).toBe('?kind=AUCTION');
  });

  it('takes a price range typed with Arabic digits and asks for it in exact halalas; too many decimals and amounts past the limit are refused where typed', async () => {
    setChosenCountry('SA');
    const router = await openListing('?q=ps5');
    // The filters' column is out of sight at jsdom's width (a drawer opens it on small screens).
    const apply = () => fireEvent.click(screen.getByRole('button', { name: 'filters.apply', hidden: true }));
    fireEvent.change(screen.getByLabelText('filters.priceMinLabel'), { target: { value: '١٬٠٠٠٫٥' } });
    fireEvent.change(screen.getByLabelText('filters.priceMaxLabel'), { target: { value: '4.35' } });
    apply();
    const priceRefusal = async () => (await screen.findByRole('alert', { hidden: true })).textContent;
    expect(await priceRefusal()).toBe('filters.priceMinAboveMax');

    fireEvent.change(screen.getByLabelText('filters.priceMaxLabel'), { target: { value: '1.005' } });
    apply();
    await waitFor(async () => expect(await priceRefusal()).toBe('filters.priceNotNumber'));
    expect(router.state.location.search).toBe('?q=ps5');
    // One riyal past the amount limit.
    fireEvent.change(screen.getByLabelText('filters.priceMaxLabel'), { target: { value: '100000000001' } });
    apply();
    await waitFor(async () => expect(await priceRefusal()).toBe(enErrors.AMOUNT_TOO_LARGE));
    expect(router.state.location.search).toBe('?q=ps5');

    fireEvent.change(screen.getByLabelText('filters.priceMinLabel'), { target: { value: '4.35' } });
    fireEvent.change(screen.getByLabelText('filters.priceMaxLabel'), { target: { value: '١٬٠٠٠٫٥' } });
    apply();
    await waitFor(() => expect(router.state.location.search).toBe('?q=ps5&minPrice=4.35&maxPrice=1000.5'));
    await waitFor(() => expect(lastListingQuery()).toMatchObject({ country: 'SA', minPrice: '435', maxPrice: '100050' }));
  });
});
