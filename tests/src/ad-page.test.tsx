// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdDetail } from '../../domain/ad-schemas';
import { ROUTES } from '../../domain/routes';

// The API client binds fetch when its module loads, so the stand-in must be there first.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock;
  return mock;
});

const { default: AdPage } = await import('../../src/features/ads/pages/ad-page');
const { RouteErrorView } = await import('../../src/app/errors/route-error-view');
const { countriesQueryOptions } = await import('../../src/lib/catalog');
const { sessionQueryOptions } = await import('../../src/lib/session');
const { renderWithProviders } = await import('./render-with-providers');

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const image = (id: string) => ({ id, kind: 'IMAGE' as const, mime: 'image/webp', bytes: 1000, width: 1600, height: 1200, name: `${id}.jpg` });

const AUCTION: AdDetail = {
  slug: 'rolex-1', type: 'PUBLIC_AUCTION', status: 'PUBLISHED', title: 'Rolex Submariner', condition: 'USED', currency: 'SAR',
  price: null, openingAmount: 2_500_000, instantPurchaseAmount: null, shippingType: 'FREE', countryCode: 'SA',
  city: { ar: 'الرياض', en: 'Riyadh' }, category: { ar: 'أزياء', en: 'Fashion' }, categoryIcon: 'watch',
  startsAt: Date.UTC(2030, 0, 1, 9), endsAt: Date.UTC(2030, 0, 3, 9), publishedAt: Date.UTC(2029, 11, 30), mainImageId: 'main', bidCount: 4,
  description: 'Boxed, with papers.', subcategory: { ar: 'ساعات', en: 'Watches' }, brand: { ar: 'رولكس', en: 'Rolex' }, shippingFee: null,
  hasReservePrice: true, allowDecimalBids: false, negotiable: false, returnable: true, cashOnDelivery: false, auctionDurationMs: 2 * 24 * 3_600_000, subAuctionDurationMs: null,
  liveLink: null, offersVisibleToSubscribers: false, keywords: ['watch', 'rolex'], countryCodes: ['SA', 'AE'],
  images: [image('main'), image('second'), image('third')], video: { id: 'clip', kind: 'VIDEO', mime: 'video/mp4', bytes: 5_000_000, width: null, height: null, name: 'clip.mp4' },
  documents: [], seller: { slug: 'ahmed-1', fullName: 'Ahmed Otaibi', joinedAt: Date.UTC(2024, 0, 1) },
};

async function openAd(answer: Response) {
  fetchMock.mockImplementation(async (url) => (String(url).startsWith('/api/ads/rolex-1') ? answer.clone() : json(404, { error: { code: 'NOT_FOUND', message: 'unexpected' } })));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryOptions.queryKey, null);
  queryClient.setQueryData(countriesQueryOptions.queryKey, []);
  const router = createMemoryRouter([{ path: ROUTES.ad, Component: AdPage, ErrorBoundary: RouteErrorView }], { initialEntries: ['/ad/rolex-1'] });
  return { router, ...(await renderWithProviders(<RouterProvider router={router} />, { queryClient })) };
}

describe('the ad page', () => {
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
  });

  it('shows the terms as information: whether there is a reserve, never its amount, and no button to act on them', async () => {
    await openAd(json(200, AUCTION));
    const page = await screen.findByTestId('ad-terms');
    expect(document.querySelector('[data-page="ad"]')).not.toBeNull();
    const reserve = page.querySelector('[data-term="reservePrice"]')!;
    expect(reserve.textContent).toContain('terms.yes');
    expect(page.querySelector('[data-term="openingAmount"]')!.textContent).toContain('25,000');
    expect(page.querySelector('[data-term="price"]')).toBeNull();
    expect(page.querySelector('[data-term="negotiable"]')).toBeNull();
    // Every button on the page shows, shares, favourites or moves between pictures: none buys, bids or offers.
    const buttons = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(buttons).toContain('share.action');
    expect(buttons.every((name) => /^(gallery\.|favorite\.toggle|share\.action)/.test(name ?? ''))).toBe(true);
  });

  it('opens on the main picture, and the arrow keys and thumbnails move through the others', async () => {
    await openAd(json(200, AUCTION));
    const shown = () => (screen.getByTestId('gallery-image') as HTMLImageElement).getAttribute('src');
    expect(await screen.findByTestId('gallery-image')).toHaveProperty('width', 1280);
    expect(shown()).toBe('/media/main/large');
    const frame = screen.getByTestId('gallery-image').parentElement!;
    fireEvent.keyDown(frame, { key: 'ArrowRight' });
    expect(shown()).toBe('/media/second/large');
    fireEvent.keyDown(frame, { key: 'ArrowLeft' });
    fireEvent.keyDown(frame, { key: 'ArrowLeft' });
    expect(shown()).toBe('/media/third/large');
    const thumbnails = within(screen.getByRole('list', { name: 'gallery.thumbnails' })).getAllByRole('button');
    expect(thumbnails).toHaveLength(3);
    fireEvent.click(thumbnails[0]!);
    expect(shown()).toBe('/media/main/large');
    expect(thumbnails[0]!.getAttribute('aria-current')).toBe('true');
    const video = screen.getByTestId('ad-video') as HTMLVideoElement;
    expect([video.getAttribute('src'), video.getAttribute('preload'), video.controls]).toEqual(['/media/clip/file', 'metadata', true]);
  });

  it('lists a tender’s documents with their names and sizes, and whether offers are shown to subscribers', async () => {
    const tender: AdDetail = {
      ...AUCTION, type: 'PUBLIC_TENDER', openingAmount: null, hasReservePrice: false, auctionDurationMs: null, offersVisibleToSubscribers: true, images: [], video: null,
      documents: [{ id: 'booklet', kind: 'DOCUMENT', mime: 'application/pdf', bytes: 2_621_440, width: null, height: null, name: 'Conditions booklet.pdf' }],
    };
    await openAd(json(200, tender));
    const documents = await screen.findByTestId('ad-documents');
    const link = within(documents).getByRole('link');
    expect(link.getAttribute('href')).toBe('/media/booklet/file');
    expect(link.textContent).toBe('Conditions booklet.pdf');
    expect(documents.textContent).toContain('2.5 MB');
    const terms = screen.getByTestId('ad-terms');
    expect(terms.querySelector('[data-term="offersVisible"]')!.textContent).toContain('terms.yes');
    expect(terms.querySelector('[data-term="reservePrice"]')).toBeNull();
    // No picture to show: the category's icon stands in, and no image is drawn.
    const gallery = screen.getByTestId('gallery-empty');
    expect(gallery.querySelector('img')).toBeNull();
    expect(gallery.querySelectorAll('svg')).toHaveLength(1);
  });

  it('says an ad is not offered in the visitor’s country, with a way on', async () => {
    await openAd(json(403, { error: { code: 'PRODUCT_NOT_IN_COUNTRY', message: 'no' } }));
    expect((await screen.findByTestId('status-message')).textContent).toBe('This product is not available in your country');
    expect(document.querySelector('[data-page="ad-not-in-country"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'refusal.browse' }).getAttribute('href')).toBe(ROUTES.productList);
  });

  it('says an ended or deleted ad is no longer available', async () => {
    await openAd(json(410, { error: { code: 'PRODUCT_UNAVAILABLE', message: 'gone' } }));
    expect((await screen.findByTestId('status-message')).textContent).toBe('The product is no longer available');
    expect(document.querySelector('[data-page="ad-unavailable"]')).not.toBeNull();
  });

  it('shows the not-found view for an ad that does not exist', async () => {
    await openAd(json(404, { error: { code: 'NOT_FOUND', message: 'none' } }));
    expect((await screen.findByTestId('status-message')).textContent).toBe('Page not found: /ad/rolex-1');
    expect(document.querySelector('[data-page="not-found"]')).not.toBeNull();
  });
});
