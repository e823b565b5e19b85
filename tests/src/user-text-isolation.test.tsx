// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createInstance, type ResourceKey } from 'i18next';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuctionSnapshot, AuctionState, Bid } from '../../domain/auction';
import type { MediaItem } from '../../domain/media-schemas';
import { FINAL_WINDOW_MS, MINUTE_MS } from '../../domain/timing';
import { createActor } from 'xstate';
import { auctionViewAt } from '../../machines/auction-view';
import { auctionWatchMachine } from '../../machines/auction-watch.machine';
import { mockFetch, standInForResizeObserver } from './render-with-providers';

mockFetch();
standInForResizeObserver();

const { AuctionHighestBid } = await import('../../src/features/ads/components/auction-highest-bid');
const { AuctionOwnerControls } = await import('../../src/features/ads/components/auction-owner-controls');
const { LiveAuctionContext } = await import('../../src/features/ads/live-auction');
const { AuctionOutcome } = await import('../../src/features/ads/components/auction-outcome');
const { AuctionBidderName } = await import('../../src/features/ads/components/auction-bidder-name');
const { FavoriteButton } = await import('../../src/features/ads/components/favorite-button');
const { AdGallery } = await import('../../src/features/ads/components/ad-gallery');
const { AdDocuments } = await import('../../src/features/ads/components/ad-documents');
const { KeywordsField } = await import('../../src/features/sell/components/keywords-field');
const { NotFoundView } = await import('../../src/app/errors/not-found-view');
const { marketplaceSystem } = await import('../../src/lib/theme');

/** Every Arabic namespace, as the app loads them. */
const arabic = Object.fromEntries(
  Object.entries(import.meta.glob<ResourceKey>('../../locales/ar/*.json', { eager: true, import: 'default' })).map(([path, words]) => [path.replace(/^.*\/(\w+)\.json$/, '$1'), words]),
);

/** A name written in Latin letters, the case that broke in Arabic sentences. */
const LATIN_NAME = 'Omar H.';
const LATIN_TITLE = 'Rolex Submariner 2020';
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

async function renderInArabic(ui: ReactNode) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: 'ar', resources: { ar: arabic }, defaultNS: 'common', interpolation: { escapeValue: false } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/Omar-H./no-such-page'] });
  return render(
    <ChakraProvider value={marketplaceSystem()}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

/** The text sits in an isolating element of its own, inside Arabic words. */
function expectIsolatedIn(sentence: HTMLElement, text: string) {
  expect(sentence.textContent).toMatch(/[\u0600-\u06ff]/);
  const isolate = [...sentence.querySelectorAll('bdi')].find((element) => element.textContent === text);
  expect(isolate, `${text} in a <bdi> of “${sentence.textContent}”`).toBeDefined();
}

/** The text is wrapped in Unicode isolates inside an Arabic sentence that cannot hold an element (an accessible name, an alt text). */
function expectIsolatedWithin(sentence: string | null, text: string) {
  expect(sentence).toMatch(/[\u0600-\u06ff]/);
  expect(sentence, sentence ?? '').toContain(`${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`);
}

const START = Date.UTC(2030, 0, 1, 18, 0, 0);
const END = START + 10 * MINUTE_MS;
const IN_FINAL_WINDOW = END + 1_000;
const AFTER_FINAL_WINDOW = END + FINAL_WINDOW_MS + 1_000;
const leading: Bid = { id: 'bid-1', seq: 2, bidder: { id: 'omar', name: LATIN_NAME }, amount: 11_000, at: START + 1_000 };

function snapshotOf(role: AuctionSnapshot['viewer']['role'], overrides: Partial<AuctionState> = {}): AuctionSnapshot {
  const auction: AuctionState = {
    adId: 'ad-1', type: 'PUBLIC_AUCTION', ownerId: 'owner', seq: 2, serverTime: START, phase: 'active', round: 1, startsAt: START, endsAt: END,
    finalWindowEndsAt: END + FINAL_WINDOW_MS, liveEndsAt: null, subAuctionDurationMs: null, liveLink: null, currency: 'SAR', openingAmount: 10_000,
    instantPurchaseAmount: null, allowDecimalBids: false, reserve: 'NONE', highestBid: leading, bidCount: 2, minimumBid: 11_100, outcome: null, isPrivate: false, ...overrides,
  };
  const bidders = [{ id: 'omar', name: LATIN_NAME, highestAmount: 11_000, bidCount: 1 }, { id: 'sara', name: 'سارة ح.', highestAmount: 10_500, bidCount: 1 }];
  return { auction, bids: [leading], bidders, viewer: { role, reservePrice: null } };
}

const sold = { highestBid: leading, outcome: { kind: 'FINALISED' as const, at: IN_FINAL_WINDOW, buyerId: null, amount: null } };

describe('user text inside Arabic sentences', () => {
  afterEach(cleanup);

  it('isolates the highest bidder’s name: المزايد: Omar H.', async () => {
    const snapshot = snapshotOf('BIDDER');
    await renderInArabic(<AuctionHighestBid snapshot={snapshot} view={auctionViewAt(snapshot, 'sara', START + MINUTE_MS)} />);
    expectIsolatedIn(screen.getByTestId('highest-bidder'), LATIN_NAME);
  });

  it('isolates the winner’s name in the owner’s controls: الفائز Omar H. بمبلغ', async () => {
    const snapshot = snapshotOf('OWNER');
    // The owner's commands tell the page's live actor their answers.
    const liveAuction = createActor(auctionWatchMachine, { input: { viewerId: 'owner' } });
    await renderInArabic(
      <LiveAuctionContext.Provider value={liveAuction}>
        <AuctionOwnerControls slug="rolex" auction={snapshot.auction} view={auctionViewAt(snapshot, 'owner', IN_FINAL_WINDOW)} />
      </LiveAuctionContext.Provider>,
    );
    expectIsolatedIn(screen.getByTestId('winner'), LATIN_NAME);
  });

  it.each([
    ['the outbid bidder', 'BIDDER', 'sara'],
    ['the owner', 'OWNER', 'owner'],
    ['anyone else', 'VISITOR', null],
  ] as const)('isolates the buyer’s name in the sale told to %s', async (_who, role, viewerId) => {
    const snapshot = snapshotOf(role, sold);
    await renderInArabic(<AuctionOutcome auction={snapshot.auction} outcome={auctionViewAt(snapshot, viewerId, AFTER_FINAL_WINDOW).outcome} />);
    expectIsolatedIn(screen.getByTestId('auction-outcome'), LATIN_NAME);
  });

  it('isolates the viewer’s own name in the bids list: Omar H. (أنت)', async () => {
    const { container } = await renderInArabic(<AuctionBidderName bidder={leading.bidder} viewerId="omar" />);
    expectIsolatedIn(container, LATIN_NAME);
  });

  it('isolates an ad’s title in the favourite heart’s name', async () => {
    await renderInArabic(<FavoriteButton slug="rolex" title={LATIN_TITLE} />);
    expectIsolatedWithin(screen.getByTestId('favorite-button').getAttribute('aria-label'), LATIN_TITLE);
  });

  it('isolates an ad’s title in its gallery’s name and its pictures’ alt text', async () => {
    const image: MediaItem = { id: 'm1', kind: 'IMAGE', mime: 'image/jpeg', bytes: 1000, width: 800, height: 600, name: 'front.jpg' };
    await renderInArabic(<AdGallery images={[image]} title={LATIN_TITLE} categoryIcon="watch" />);
    expectIsolatedWithin(screen.getByTestId('gallery').getAttribute('aria-label'), LATIN_TITLE);
    expectIsolatedWithin(screen.getByTestId('gallery-image').getAttribute('alt'), LATIN_TITLE);
  });

  it('isolates a document’s name in its link’s name', async () => {
    const document: MediaItem = { id: 'd1', kind: 'DOCUMENT', mime: 'application/pdf', bytes: 2048, width: null, height: null, name: 'Terms v2.pdf' };
    await renderInArabic(<AdDocuments documents={[document]} />);
    expectIsolatedWithin(screen.getByRole('link').getAttribute('aria-label'), 'Terms v2.pdf');
  });

  it('isolates a keyword in its remove button’s name', async () => {
    function Keywords() {
      const form = useForm({ defaultValues: { keywords: [LATIN_TITLE] } });
      return <KeywordsField form={form as unknown as Parameters<typeof KeywordsField>[0]['form']} />;
    }
    await renderInArabic(<Keywords />);
    const chips = screen.getByTestId('keyword-chips');
    expectIsolatedWithin(chips.querySelector('button')!.getAttribute('aria-label'), LATIN_TITLE);
  });

  it('isolates the address asked for in the page-not-found message', async () => {
    await renderInArabic(<NotFoundView />);
    expectIsolatedIn(screen.getByTestId('status-message'), '/Omar-H./no-such-page');
  });
});
