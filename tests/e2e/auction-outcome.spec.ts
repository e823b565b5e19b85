import { type APIRequestContext, type Browser, expect, type Locator } from '@playwright/test';
import { test } from './fixtures';
import arAuction from '../../locales/ar/auction.json' with { type: 'json' };
import arErrors from '../../locales/ar/errors.json' with { type: 'json' };
import enAuction from '../../locales/en/auction.json' with { type: 'json' };
import enErrors from '../../locales/en/errors.json' with { type: 'json' };
import {
  apiWrite,
  categoryIds,
  ensureRegistered,
  expectAllInLanguage,
  type Language,
  messagePattern,
  type Newcomer,
  publishThroughApi,
  shownRiyals,
  unexpected,
  } from './helpers';
import { AuctionScreen, requestsTo } from './auction-screen';

const LOCALES = { ar: { auction: arAuction, errors: arErrors }, en: { auction: enAuction, errors: enErrors } } satisfies Record<Language, unknown>;

const PASSWORD = 'outcome-spec-1';
/**
 * One owner for both languages: the free package an account comes with pays for the four auctions
 * below. The highest bidder writes his name in Latin letters, shown among Arabic words.
 */
const OWNER: Newcomer = { firstName: 'نواف', lastName: 'الشهري', email: 'nawaf.shehri@example.com', phone: '966590006001' };
const WINNER: Newcomer = { firstName: 'Omar', lastName: 'Hamdan', email: 'omar.hamdan@example.com', phone: '966590006002' };
const LOSER: Newcomer = { firstName: 'ريم', lastName: 'السبيعي', email: 'reem.subaie@example.com', phone: '966590006003' };
/** How the winner is named to others (the first name and the last name's initial). */
const WINNER_NAME = 'Omar H.';

/**
 * The owner asks the round to end this soon (every bid is placed before, so nothing needs it to run
 * on); its end fires on the server's scheduler and reaches every screen over the socket.
 */
const ROUND_ENDS_IN_MS = 1000;
const ROUND_END_TIMEOUT_MS = ROUND_ENDS_IN_MS + 10_000;
/** Longer than a request held back for the connection would wait before going out once it is back. */
const AFTER_RECONNECT_MS = 6000;

/** Generous: the page loads its auction chunks lazily, and the suite shares a busy machine. */
const PAGE_LOAD_TIMEOUT_MS = 60_000;

/** Publishes a public auction that starts now and runs for hours; answers its slug. */
async function publishAuction(request: APIRequestContext, title: string, onBackPrice?: number): Promise<string> {
  return publishThroughApi(request, 'PUBLIC_AUCTION', {
    title,
    description: 'A watch from the seventies, serviced last year.',
    ...(await categoryIds(request, ['fashion', 'watches'])),
    openingAmount: 100_000,
    onBackPrice,
    condition: 'USED',
    startsNow: true,
    auctionDurationHours: 2,
  });
}

/** The Latin name sits in its own isolated run inside the sentence, so the Arabic around it cannot reorder it. */
async function expectIsolatedName(sentence: Locator) {
  const name = sentence.locator('bdi', { hasText: WINNER_NAME });
  await expect(name).toHaveCount(1);
  expect(await name.evaluate((element) => getComputedStyle(element).unicodeBidi)).toBe('isolate');
}

test.beforeAll(async ({ browser }) => {
  for (const person of [OWNER, WINNER, LOSER]) {
    const context = await browser.newContext();
    await ensureRegistered(context.request, person, PASSWORD);
    await context.close();
  }
});

for (const language of ['ar', 'en'] as Language[]) {
  const { auction: words, errors } = LOCALES[language];

  test.describe(`the auction panel's outcome and connection in ${language}`, () => {
    let screens: AuctionScreen[] = [];

    /** The owner publishes an auction; the owner, both bidders and a visitor open it, each in a browser of their own. */
    async function openAuction(browser: Browser, title: string, onBackPrice?: number) {
      const seller = await AuctionScreen.open(browser, language, 'seller', { email: OWNER.email, password: PASSWORD });
      screens = [seller, await AuctionScreen.open(browser, language, 'winner', { email: WINNER.email, password: PASSWORD }), await AuctionScreen.open(browser, language, 'loser', { email: LOSER.email, password: PASSWORD }), await AuctionScreen.open(browser, language, 'visitor', null)];
      const slug = await publishAuction(seller.page.request, title, onBackPrice);
      // One after another: on a busy machine four pages loading at once starve each other.
      for (const screen of screens) await screen.visit(slug, { timeout: PAGE_LOAD_TIMEOUT_MS });
      const [, winner, loser, visitor] = screens as [AuctionScreen, AuctionScreen, AuctionScreen, AuctionScreen];
      return { slug, seller, winner, loser, visitor };
    }

    async function endRoundSoon(seller: AuctionScreen, slug: string) {
      const response = await apiWrite(seller.page.request, 'POST', `/api/dev/auctions/${encodeURIComponent(slug)}/end-soon`, { inMs: ROUND_ENDS_IN_MS });
      expect(response.status()).toBe(204);
      for (const screen of screens) await screen.expectPhase('finalWindow', ROUND_END_TIMEOUT_MS);
    }

    test.afterEach(async () => {
      const closing = screens;
      screens = [];
      for (const screen of closing) await screen.close();
      // While offline, the socket's attempts to reconnect fail, as they should.
      for (const screen of closing) expect(unexpected(screen.problems, []).filter((problem) => !problem.includes('net::ERR_INTERNET_DISCONNECTED')), screen.name).toEqual([]);
    });

    test(`offline, bidding pauses and nothing is sent later; once sold, each person reads their own outcome, in ${language}`, async ({ browser }) => {
      test.setTimeout(900_000);
      const { slug, seller, winner, loser, visitor } = await openAuction(browser, `Seiko chronograph (${language})`);

      await test.step('offline, the page says so and bids are refused on the device, then not sent once the connection is back', async () => {
        const bidsSent = requestsTo(loser.page, '/bids');
        await loser.page.context().setOffline(true);
        await expect(loser.byTestId('auction-offline')).toContainText(words.offline.title);
        await expect(loser.byTestId('place-bid')).toBeDisabled();
        await loser.byTestId('quick-bid').first().click();
        await loser.screenshot('auction-offline', language);
        // A submission that slips past the disabled button (a keyboard, a script) is refused all the same.
        await loser.byTestId('bid-form').evaluate((form: HTMLFormElement) => form.requestSubmit());
        await expect(loser.byTestId('form-error')).toHaveText(errors.OFFLINE);
        await loser.page.context().setOffline(false);
        await expect(loser.byTestId('auction-offline')).toHaveCount(0);
        await expect(loser.byTestId('place-bid')).toBeEnabled();
        await loser.page.waitForTimeout(AFTER_RECONNECT_MS);
        expect(bidsSent).toEqual([]);
        expect((await loser.snapshot(slug)).auction.bidCount).toBe(0);
        await expect(loser.byTestId('highest-bid')).toHaveAttribute('data-amount', '');
      });

      let winningBid = 0;
      await test.step('back online, both bid: the one outbid is told so while bidding runs; the Latin name is isolated', async () => {
        await loser.bidQuickAmount(0);
        winningBid = await winner.bidQuickAmount(1);
        await expect(loser.byTestId('outbid-notice')).toContainText(words.outbid.title);
        await expect(winner.byTestId('highest-bidder')).toHaveText(words.highestBid.mine);
        await expect(visitor.byTestId('highest-bidder')).toHaveText(messagePattern(words.highestBid.by, { name: WINNER_NAME }));
        await expectIsolatedName(visitor.byTestId('highest-bidder'));
      });

      await test.step('bidding closes: each bidder reads where they stand, and nobody is still told they were outbid or lead', async () => {
        await endRoundSoon(seller, slug);
        await expect(loser.byTestId('outbid-notice')).toHaveCount(0);
        await expect(loser.byTestId('auction-outcome')).toHaveText(words.outcome.awaitingOwner.OUTBID);
        await expect(winner.byTestId('auction-outcome')).toHaveText(words.outcome.awaitingOwner.HIGHEST);
        await expect(winner.byTestId('highest-bidder')).toHaveText(words.highestBid.wasMine);
        await expect(visitor.byTestId('auction-outcome')).toHaveText(words.outcome.awaitingOwner.NONE);
        await expect(seller.byTestId('winner')).toHaveText(messagePattern(words.owner.winner, { name: WINNER_NAME, amount: shownRiyals(winningBid, language) }));
        await expectIsolatedName(seller.byTestId('winner'));
        await loser.screenshot('auction-awaiting-outbid', language);
      });

      await test.step('the owner confirms the winner: the winner, the outbid bidder, the owner and a visitor each read the sale', async () => {
        await seller.byTestId('finalise').click();
        for (const screen of screens) await screen.expectPhase('finalised');
        const sale = { name: WINNER_NAME, amount: shownRiyals(winningBid, language) };
        await expect(winner.byTestId('auction-outcome')).toHaveText(messagePattern(words.outcome.sold.HIGHEST, sale));
        await expect(loser.byTestId('auction-outcome')).toHaveText(messagePattern(words.outcome.sold.OUTBID, sale));
        await expect(seller.byTestId('auction-outcome')).toHaveText(messagePattern(words.outcome.sold.OWNER, sale));
        await expect(visitor.byTestId('auction-outcome')).toHaveText(messagePattern(words.outcome.sold.NONE, sale));
        for (const screen of [loser, seller, visitor]) await expectIsolatedName(screen.byTestId('auction-outcome'));
        await expect(loser.byTestId('outbid-notice')).toHaveCount(0);
        await loser.screenshot('auction-sold-outbid', language);
        await winner.screenshot('auction-sold-winner', language);
        await expectAllInLanguage(loser.page, language, "the outbid bidder's sold auction");
      });
    });

    test(`once the owner declines, the highest bidder reads that his bid was declined, not that he leads, in ${language}`, async ({ browser }) => {
      test.setTimeout(600_000);
      // The reserve is above every bid placed: the owner is left to decline.
      const { slug, seller, winner, loser, visitor } = await openAuction(browser, `Omega Seamaster (${language})`, 1_000_000);
      await loser.bidQuickAmount(0);
      await winner.bidQuickAmount(1);
      await expect(loser.byTestId('outbid-notice')).toContainText(words.outbid.title);
      await endRoundSoon(seller, slug);

      await seller.byTestId('decline').click();
      await seller.byTestId('round-decision').getByTestId('round-decision-confirm').click();
      for (const screen of screens) await screen.expectPhase('ended');
      await expect(winner.byTestId('highest-bidder')).toHaveText(words.highestBid.wasMine);
      await expect(loser.byTestId('outbid-notice')).toHaveCount(0);
      await expect(winner.byTestId('auction-outcome')).toHaveText(words.outcome.declined.HIGHEST);
      await expect(loser.byTestId('auction-outcome')).toHaveText(words.outcome.declined.OUTBID);
      await expect(seller.byTestId('auction-outcome')).toHaveText(words.outcome.declined.OWNER);
      await expect(visitor.byTestId('auction-outcome')).toHaveText(words.outcome.declined.NONE);
      await winner.screenshot('auction-declined-highest', language);
      await expectAllInLanguage(winner.page, language, "the highest bidder's declined auction");
    });
  });
}
