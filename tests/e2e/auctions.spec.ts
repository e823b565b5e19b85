import { type APIRequestContext, type BrowserContext, expect } from '@playwright/test';
import { test as base } from './fixtures';
import type { AdType } from '../../domain/ad';
import arAds from '../../locales/ar/ads.json' with { type: 'json' };
import arAuction from '../../locales/ar/auction.json' with { type: 'json' };
import arErrors from '../../locales/ar/errors.json' with { type: 'json' };
import arSell from '../../locales/ar/sell.json' with { type: 'json' };
import enAds from '../../locales/en/ads.json' with { type: 'json' };
import enAuction from '../../locales/en/auction.json' with { type: 'json' };
import enErrors from '../../locales/en/errors.json' with { type: 'json' };
import enSell from '../../locales/en/sell.json' with { type: 'json' };
import { formatDate } from '../../src/lib/format';
import { deviceTimeZone } from '../../src/lib/runtime-config';
import {
  apiWrite,
  categoryIds,
  escapeRegExp,
  expectAllInLanguage,
  type Language,
  messagePattern,
  type Provoked,
  publishThroughApi,
  registerThroughApi,
  shownRiyals,
  unexpected,
  watchForErrors,
} from './helpers';
import { AuctionScreen, requestsTo } from './auction-screen';

/** What the auction panel and the ad page say, straight from the locales the app itself reads. */
const LOCALES = {
  ar: { ads: arAds, auction: arAuction, errors: arErrors, sell: arSell },
  en: { ads: enAds, auction: enAuction, errors: enErrors, sell: enSell },
} satisfies Record<Language, unknown>;

/**
 * The people of each language's auctions, registered by this file: the free package an account comes
 * with pays for the owner's auctions below, and bidding costs no credit.
 */
const PEOPLE: Record<Language, Record<'owner' | 'first' | 'second', { firstName: string; lastName: string }>> = {
  ar: { owner: { firstName: 'خالد', lastName: 'الدوسري' }, first: { firstName: 'ماجد', lastName: 'الحربي' }, second: { firstName: 'نورة', lastName: 'الشمري' } },
  en: { owner: { firstName: 'Faisal', lastName: 'Qahtani' }, first: { firstName: 'Omar', lastName: 'Khalil' }, second: { firstName: 'Mona', lastName: 'Saeed' } },
};

/** The owner asks the round to end this soon: every bid is placed before, so nothing needs it to run on. */
const ROUND_ENDS_IN_MS = 1000;
/** The round's end fires on the server's scheduler and reaches every screen over the socket. */
const ROUND_END_TIMEOUT_MS = ROUND_ENDS_IN_MS + 10_000;

interface AuctionPlan {
  type: Extract<AdType, 'PUBLIC_AUCTION' | 'PRIVATE_AUCTION' | 'LIVE_AUCTION' | 'INSTANT_SALE_AND_AUCTION'>;
  title: string;
  description: string;
  /** Category and subcategory slugs of the seeded tree. */
  category: [string, string];
  /** Amounts in halalas: the owner's riyals, in minor units as the API takes them. */
  openingAmount: number;
  onBackPrice?: number;
  instantPurchaseAmount?: number;
  subAuctionDurationMinutes?: number;
  liveLink?: string;
}

/** Publishes an auction that starts now and runs for hours, as the ad form would send it; answers its slug. */
async function publishAuction(request: APIRequestContext, plan: AuctionPlan): Promise<string> {
  const { type, category, ...terms } = plan;
  return publishThroughApi(request, type, {
    ...terms,
    ...(await categoryIds(request, category)),
    condition: type === 'LIVE_AUCTION' ? 'NOT_SPECIFIED' : 'USED',
    startsNow: true,
    auctionDurationHours: 2,
  });
}

function plansFor(language: Language): Record<'open' | 'live' | 'private' | 'combined', AuctionPlan> {
  const ar = language === 'ar';
  return {
    open: {
      type: 'PUBLIC_AUCTION',
      title: ar ? 'خنجر عماني قديم بمقبض فضي' : 'Antique Omani khanjar with a silver hilt',
      description: ar ? 'خنجر من الخمسينيات بغمده الأصلي.' : 'A khanjar from the fifties in its original sheath.',
      category: ['fashion', 'watches'],
      openingAmount: 100_000,
      // Above the first bid's quick amounts, below the second bidder's highest one.
      onBackPrice: 105_000,
    },
    live: {
      type: 'LIVE_AUCTION',
      title: ar ? 'مزاد مباشر على قعود وضحى' : 'Live auction: a white young camel',
      description: ar ? 'قعود أبيض يُعرض في بث مباشر على جولات.' : 'A white young camel, shown live in rounds.',
      category: ['animals', 'camels'],
      openingAmount: 50_000,
      subAuctionDurationMinutes: 10,
      liveLink: `https://live.example.com/camel-${language}`,
    },
    private: {
      type: 'PRIVATE_AUCTION',
      title: ar ? 'أرض زراعية في القصيم ٢٠٠٠ م²' : 'Farm land in Qassim, 2,000 m²',
      description: ar ? 'أرض زراعية ببئر وسور، المزاد للمشاركين المقبولين.' : 'Farm land with a well and a wall; accepted participants only.',
      category: ['real-estate', 'land'],
      openingAmount: 200_000,
      // Above every bid the test places: the owner is left to decline.
      onBackPrice: 300_000,
    },
    combined: {
      type: 'INSTANT_SALE_AND_AUCTION',
      title: ar ? 'جهاز مشي كهربائي قابل للطي' : 'Folding electric treadmill',
      description: ar ? 'استخدام خفيف، بالكرتون.' : 'Lightly used, boxed.',
      // Not in electronics, which ads-management.spec counts to the seeded ads.
      category: ['sports', 'fitness'],
      openingAmount: 150_000,
      instantPurchaseAmount: 250_000,
    },
  };
}

const ARABIC_INDIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/** An amount in halalas as a person types it in riyals: in Arabic, with the digits many Arabic keyboards type. */
function typedRiyals(halalas: number, language: Language): string {
  const riyals = String(halalas / 100);
  return language === 'ar' ? riyals.replace(/\d/g, (digit) => ARABIC_INDIC_DIGITS[Number(digit)]!) : riyals;
}

/** What every test ends on: each screen changed over the socket alone, and nothing went wrong on it but what the test `provoked`. */
async function expectUndisturbed(screens: AuctionScreen[], provoked: Provoked[] = []) {
  for (const screen of screens) {
    await screen.expectNotReloaded();
    expect(unexpected(screen.problems, provoked)).toEqual([]);
  }
}

/** Signs a person in, in a browser context of their own, and answers their screen. */
type OpenScreen = (language: Language, email: string, password: string) => Promise<AuctionScreen>;

const test = base.extend<{ openScreen: OpenScreen }>({
  openScreen: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (language, email, password) => {
      const screen = await AuctionScreen.open(browser, language, email, { email, password });
      contexts.push(screen.page.context());
      return screen;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

for (const language of ['ar', 'en'] as Language[]) {
  const { auction: words, errors } = LOCALES[language];
  const plans = plansFor(language);

  test.describe(`auctions in ${language}`, () => {
    let people: Record<'owner' | 'first' | 'second', { email: string; password: string }>;

    test.beforeAll(async ({ playwright, baseURL }) => {
      const register = async (who: 'owner' | 'first' | 'second') => {
        const request = await playwright.request.newContext({ baseURL });
        const person = await registerThroughApi(request, PEOPLE[language][who]);
        await request.dispose();
        return person;
      };
      people = { owner: await register('owner'), first: await register('first'), second: await register('second') };
    });

    /** The owner publishes `plan`, then the owner and both bidders open it, each in a browser of their own. */
    async function openAuction(openScreen: OpenScreen, plan: AuctionPlan) {
      // Side by side, as three people would: the suite runs in one worker and each page takes a while to load.
      const [seller, first, second] = await Promise.all([openScreen(language, people.owner.email, people.owner.password), openScreen(language, people.first.email, people.first.password), openScreen(language, people.second.email, people.second.password)]);
      const slug = await publishAuction(seller.page.request, plan);
      const everyone = [seller, first, second];
      await Promise.all(everyone.map((screen) => screen.visit(slug)));
      return { slug, seller, first, second, everyone };
    }

    async function endRoundSoon(seller: AuctionScreen, slug: string) {
      const response = await apiWrite(seller.page.request, 'POST', `/api/dev/auctions/${encodeURIComponent(slug)}/end-soon`, { inMs: ROUND_ENDS_IN_MS });
      expect(response.status()).toBe(204);
    }

    test(`bids reach every screen at once, a low one is refused, the outbid bidder is told, and the owner confirms the winner in the final window, in ${language}`, async ({ openScreen }) => {
      test.setTimeout(60_000);
      const { slug, seller, first, second, everyone } = await openAuction(openScreen, plans.open);
      let firstBid = 0;
      let secondBid = 0;

      await test.step('each person sees the running auction in their own role', async () => {
        await seller.expectRole('OWNER');
        await first.expectRole('BIDDER');
        await second.expectRole('BIDDER');
        for (const screen of everyone) {
          await screen.expectPhase('active');
          await screen.expectHighestBid(null);
          await screen.expectBids([]);
          await expect(screen.byTestId('reserve-state')).toHaveAttribute('data-reserve', 'NOT_MET');
          await expect(screen.byTestId('reserve-state')).toHaveText(words.reserve.NOT_MET);
          await expect(screen.byTestId('auction-countdown')).toHaveAttribute('data-phase', 'active');
        }
        // Only the owner learns the reserve's value, and only bidders get a form.
        await expect(seller.byTestId('reserve-price')).toHaveText(messagePattern(words.reserve.yours, { amount: shownRiyals(plans.open.onBackPrice!, language) }));
        await expect(seller.byTestId('bid-form')).toHaveCount(0);
        for (const bidder of [first, second]) {
          await expect(bidder.byTestId('reserve-price')).toHaveCount(0);
          await expect(bidder.byTestId('bid-form')).toBeVisible();
          await expect(bidder.byTestId('quick-bid')).toHaveCount(3);
        }
        await expectAllInLanguage(first.page, language, "a bidder's auction");
      });

      await test.step("the first bidder's quick amount shows on the other screens without a reload", async () => {
        firstBid = await first.bidQuickAmount(0);
        expect(firstBid).toBeGreaterThan(plans.open.openingAmount);
        await expect(first.byTestId('bid-placed')).toHaveText(messagePattern(words.bidForm.placed, { amount: shownRiyals(firstBid, language) }));
        await expect(first.byTestId('highest-bidder')).toHaveAttribute('data-mine', 'true');
        await expect(first.byTestId('highest-bidder')).toHaveText(words.highestBid.mine);
        for (const screen of everyone) {
          await screen.expectHighestBid(firstBid);
          await screen.expectBids([firstBid]);
          await expect(screen.byTestId('bidder')).toHaveCount(1);
        }
        await expect(second.byTestId('highest-bidder')).toHaveAttribute('data-mine', 'false');
        await expect(second.byTestId('highest-bidder')).toHaveText(messagePattern(words.highestBid.by, { name: await first.bidderName(slug) }));
      });

      await test.step('a bid no higher than the highest is refused with its message, and changes nothing', async () => {
        await second.byTestId('bid-amount').fill(typedRiyals(firstBid, language));
        await second.byTestId('place-bid').click();
        await expect(second.byTestId('bid-amount')).toHaveAccessibleErrorMessage(errors.BID_NOT_ABOVE_HIGHEST_BID);
        for (const screen of everyone) await screen.expectBids([firstBid]);
      });

      await test.step('the second bidder outbids the first, who is told at once; the reserve is met', async () => {
        secondBid = await second.bidQuickAmount(2);
        expect(secondBid).toBeGreaterThan(plans.open.onBackPrice!);
        const notice = first.byTestId('outbid-notice');
        await expect(notice).toContainText(words.outbid.title);
        await expect(notice).toContainText(messagePattern(words.outbid.description, { amount: shownRiyals(secondBid, language) }, { within: true }));
        await expect(first.byTestId('highest-bidder')).toHaveAttribute('data-mine', 'false');
        for (const screen of everyone) {
          await screen.expectHighestBid(secondBid);
          await screen.expectBids([secondBid, firstBid]);
          await expect(screen.byTestId('bidder')).toHaveCount(2);
          await expect(screen.byTestId('reserve-state')).toHaveAttribute('data-reserve', 'MET');
        }
      });

      await test.step('the round ends: every screen moves to the final window by itself', async () => {
        await endRoundSoon(seller, slug);
        for (const screen of everyone) await screen.expectPhase('finalWindow', ROUND_END_TIMEOUT_MS);
        await expect(seller.byTestId('auction-countdown')).toHaveAttribute('data-phase', 'finalWindow');
        await expect(seller.byTestId('winner')).toHaveText(messagePattern(words.owner.winner, { name: await second.bidderName(slug), amount: shownRiyals(secondBid, language) }));
        await expect(seller.byTestId('finalise')).toHaveText(words.owner.finalise);
        for (const bidder of [first, second]) {
          await expect(bidder.byTestId('bid-form')).toHaveCount(0);
          // The window's minute is the owner's to act in: bidders are told what they wait for instead.
          await expect(bidder.byTestId('auction-countdown')).toHaveCount(0);
          await expect(bidder.byTestId('auction-announcer')).toHaveText(words.announce.phase.finalWindow);
        }
        await expect(second.byTestId('auction-outcome')).toHaveText(words.outcome.awaitingOwner.HIGHEST);
        await expect(first.byTestId('auction-outcome')).toHaveText(words.outcome.awaitingOwner.OUTBID);
      });

      await test.step("the owner's ads list the ended auction as waiting for their decision, leading to its page", async () => {
        const myAds = await seller.page.context().newPage();
        const myAdsProblems = watchForErrors(myAds);
        await myAds.goto('/my_ads');
        await myAds.getByTestId('tab-ended').click();
        const row = myAds.locator(`[data-testid="my-ad"][data-slug="${slug}"]`);
        await expect(row.getByTestId('my-ad-decide')).toHaveText(LOCALES[language].sell.myAds.actions.decide);
        // Reposting would drop the highest bidder unanswered: it is not offered until the owner decides.
        await expect(row.getByTestId('my-ad-repost')).toHaveCount(0);
        await expectAllInLanguage(myAds, language, "the owner's ads with an auction to decide");
        await row.getByTestId('my-ad-decide').click();
        await expect(myAds.getByTestId('owner-controls')).toBeVisible();
        expect(unexpected(myAdsProblems, [])).toEqual([]);
        await myAds.close();
      });

      await test.step('the owner confirms the winner; every screen shows the sale', async () => {
        await seller.byTestId('finalise').click();
        for (const screen of everyone) await screen.expectPhase('finalised');
        await expect(seller.byTestId('owner-controls')).toHaveCount(0);
        await expect(second.byTestId('auction-outcome')).toHaveText(messagePattern(words.outcome.sold.HIGHEST, { amount: shownRiyals(secondBid, language) }));
        const sale = { name: await second.bidderName(slug), amount: shownRiyals(secondBid, language) };
        await expect(seller.byTestId('auction-outcome')).toHaveText(messagePattern(words.outcome.sold.OWNER, sale));
        await expect(first.byTestId('auction-outcome')).toHaveText(messagePattern(words.outcome.sold.OUTBID, sale));
        await expectAllInLanguage(seller.page, language, "the owner's sold auction");
      });

      await expectUndisturbed(everyone);
    });

    test(`a live auction shows its stream; after a round is confirmed the owner opens the next, which every screen starts afresh, in ${language}`, async ({ openScreen }) => {
      test.setTimeout(60_000);
      const { slug, seller, first, second, everyone } = await openAuction(openScreen, plans.live);
      const roundHeading = (screen: AuctionScreen) => screen.panel.getByRole('heading', { level: 2 });
      const roundTitle = (round: number) => words.heading.subAuction.replace('{{round}}', String(round));
      let firstBid = 0;

      await test.step("every screen links the live stream and shows the first sub-auction, with no reserve", async () => {
        // The live session's last day as every date on the site is written, then its time in the page's language.
        const liveEndsOn = formatDate((await seller.snapshot(slug)).auction.liveEndsAt!, deviceTimeZone());
        for (const screen of everyone) {
          await expect(screen.byTestId('live-link')).toHaveAttribute('href', plans.live.liveLink!);
          await expect(screen.byTestId('live-link')).toHaveText(words.live.watch);
          await expect(screen.byTestId('live-ends-at')).toHaveText(messagePattern(words.live.endsAt, { date: new RegExp(`${escapeRegExp(liveEndsOn)} .*\\d.*`) }));
          await expect(roundHeading(screen)).toHaveText(roundTitle(1));
          await screen.expectPhase('active');
          await expect(screen.byTestId('reserve-state')).toHaveAttribute('data-reserve', 'NONE');
        }
        await expectAllInLanguage(second.page, language, "a bidder's live auction");
      });

      await test.step('a bid in the first round reaches every screen', async () => {
        firstBid = await first.bidQuickAmount(1);
        for (const screen of everyone) await screen.expectBids([firstBid]);
      });

      await test.step('the round ends and the owner confirms it', async () => {
        await endRoundSoon(seller, slug);
        for (const screen of everyone) await screen.expectPhase('finalWindow', ROUND_END_TIMEOUT_MS);
        await expect(seller.byTestId('winner')).toHaveText(messagePattern(words.owner.winner, { name: await first.bidderName(slug), amount: shownRiyals(firstBid, language) }));
        await seller.byTestId('finalise').click();
        for (const screen of everyone) await screen.expectPhase('finalised');
        await expect(first.byTestId('auction-outcome')).toHaveText(messagePattern(words.outcome.sold.HIGHEST, { amount: shownRiyals(firstBid, language) }));
        await expect(seller.byTestId('finalise')).toHaveCount(0);
        await expect(seller.byTestId('start-next-sub-auction')).toHaveText(words.owner.startNext);
      });

      await test.step('the owner opens sub-auction 2: every screen starts it with no bids', async () => {
        await seller.byTestId('start-next-sub-auction').click();
        for (const screen of everyone) {
          await expect(roundHeading(screen)).toHaveText(roundTitle(2));
          await screen.expectPhase('active');
          await screen.expectHighestBid(null);
          await screen.expectBids([]);
          await expect(screen.byTestId('bidder')).toHaveCount(0);
          await expect(screen.byTestId('auction-outcome')).toHaveCount(0);
          await expect(screen.byTestId('auction-countdown')).toHaveAttribute('data-phase', 'active');
        }
        await expect(seller.byTestId('owner-controls')).toHaveCount(0);
        for (const bidder of [first, second]) await expect(bidder.byTestId('bid-form')).toBeVisible();
      });

      await test.step('a bid in the new round reaches the other screens', async () => {
        const secondBid = await second.bidQuickAmount(0);
        // The new round opens at the opening amount again, not above the last round's sale.
        expect(secondBid).toBeLessThan(firstBid);
        for (const screen of everyone) {
          await screen.expectHighestBid(secondBid);
          await screen.expectBids([secondBid]);
        }
      });

      await expectUndisturbed(everyone);
    });

    test(`a private auction is closed to outsiders until the owner accepts their request or adds them, and below its reserve the owner declines, in ${language}`, async ({ openScreen }) => {
      test.setTimeout(60_000);
      const { slug, seller, first, second, everyone } = await openAuction(openScreen, plans.private);
      const participants = seller.byTestId('participants-panel');
      const participant = participants.getByTestId('participant');

      await test.step('an outsider is told offers are not open to them and may ask to join', async () => {
        await expect(participants).toContainText(words.participants.none);
        for (const outsider of [first, second]) {
          await outsider.expectRole('OUTSIDER');
          const standing = outsider.byTestId('join-request-state');
          await expect(standing).toHaveAttribute('data-state', 'OUTSIDER');
          await expect(standing).toContainText(errors.OFFER_SUBMISSION_NOT_AVAILABLE);
          await expect(standing).toContainText(words.join.explanation);
          await expect(outsider.byTestId('bid-form')).toHaveCount(0);
          await expect(outsider.byTestId('participants-panel')).toHaveCount(0);
        }
        await expectAllInLanguage(first.page, language, "an outsider's private auction");
      });

      await test.step('the first asks to join and waits for the answer', async () => {
        await first.byTestId('join-request').click();
        await expect(first.byTestId('join-request-state')).toHaveAttribute('data-state', 'REQUESTED');
        await expect(first.byTestId('join-request-state')).toContainText(words.join.requestedTitle);
        await first.expectRole('REQUESTED');
      });

      await test.step("the request reaches the owner's list without a reload; the owner accepts it", async () => {
        await expect(participant).toHaveCount(1);
        await expect(participant).toHaveAttribute('data-status', 'REQUESTED');
        await expect(participant).toContainText(words.participants.status.REQUESTED);
        await participant.getByTestId('accept-join-request').click();
        await expect(participant).toHaveAttribute('data-status', 'ACCEPTED');
        await expect(participant).toContainText(words.participants.status.ACCEPTED);
        await expect(participant.getByTestId('accept-join-request')).toHaveCount(0);
      });

      await test.step('the owner adds the second by email', async () => {
        await seller.byTestId('participant-contact').fill(people.second.email);
        await seller.byTestId('add-participant').click();
        await expect(participant).toHaveCount(2);
        await expect(participant.filter({ hasText: words.participants.addedByYou })).toHaveCount(1);
        await expect(seller.byTestId('participant-contact')).toHaveValue('');
      });

      await test.step('both may bid at once, without a reload, and their bids reach the owner', async () => {
        await first.expectRole('BIDDER');
        await second.expectRole('BIDDER');
        const firstBid = await first.bidQuickAmount(0);
        await seller.expectBids([firstBid]);
        const secondBid = await second.bidQuickAmount(0);
        for (const screen of everyone) await screen.expectBids([secondBid, firstBid]);
        await expect(first.byTestId('outbid-notice')).toContainText(words.outbid.title);
      });

      await test.step('the round ends below the reserve; the owner declines, asked first, and every screen shows it unsold', async () => {
        await endRoundSoon(seller, slug);
        for (const screen of everyone) await screen.expectPhase('finalWindow', ROUND_END_TIMEOUT_MS);
        await expect(seller.byTestId('reserve-state')).toHaveAttribute('data-reserve', 'NOT_MET');
        const decisionsSent = requestsTo(seller.page, '/finalise');
        await seller.byTestId('decline').click();
        const confirmation = seller.byTestId('round-decision');
        await expect(confirmation).toContainText(words.owner.confirmDecline.title);
        await expect(confirmation).toContainText(words.owner.confirmDecline.description);
        await expectAllInLanguage(seller.page, language, "the owner's decline, asked again");
        expect(decisionsSent, 'nothing is decided before the confirmation').toEqual([]);
        await confirmation.getByTestId('round-decision-confirm').click();
        for (const screen of everyone) await screen.expectPhase('ended');
        await expect(seller.byTestId('auction-outcome')).toHaveText(words.outcome.declined.OWNER);
        await expect(first.byTestId('auction-outcome')).toHaveText(words.outcome.declined.OUTBID);
        await expect(second.byTestId('auction-outcome')).toHaveText(words.outcome.declined.HIGHEST);
        await expect(seller.byTestId('owner-controls')).toHaveCount(0);
      });

      await expectUndisturbed(everyone);
    });

    test(`buying outright, once confirmed, ends the auction on every screen, in ${language}`, async ({ openScreen }) => {
      const { seller, first, second, everyone } = await openAuction(openScreen, plans.combined);
      const instantPurchase = { amount: shownRiyals(plans.combined.instantPurchaseAmount!, language) };

      await test.step('a bid first, then the instant purchase asks for confirmation', async () => {
        const firstBid = await first.bidQuickAmount(0);
        for (const screen of everyone) await screen.expectBids([firstBid]);
        await expect(seller.byTestId('buy-now')).toHaveCount(0);
        await expect(second.byTestId('buy-now')).toHaveText(messagePattern(words.buyNow.action, instantPurchase));
        const purchasesSent = requestsTo(second.page, '/buy-now');
        await second.byTestId('buy-now').click();
        const confirmation = second.byTestId('buy-now-confirmation');
        await expect(confirmation).toContainText(messagePattern(words.buyNow.confirmQuestion, instantPurchase, { within: true }));
        await expectAllInLanguage(second.page, language, 'the instant purchase confirmation');
        expect(purchasesSent, 'nothing is bought before the confirmation').toEqual([]);
        await seller.expectPhase('active');
        await confirmation.getByTestId('buy-now-confirm').click();
      });

      await test.step('every screen shows the auction bought outright; the buyer is told it was them', async () => {
        for (const screen of everyone) {
          await screen.expectPhase('boughtOutright');
          await expect(screen.byTestId('bid-form')).toHaveCount(0);
          await expect(screen.byTestId('buy-now')).toHaveCount(0);
          await expect(screen.byTestId('auction-countdown')).toHaveCount(0);
        }
        await expect(second.byTestId('auction-outcome')).toHaveText(messagePattern(words.outcome.youBoughtOutright, instantPurchase));
        for (const screen of [seller, first]) await expect(screen.byTestId('auction-outcome')).toHaveText(messagePattern(words.outcome.boughtOutright, instantPurchase));
        // The bidder who led is no longer told they lead.
        await expect(first.byTestId('highest-bidder')).toHaveText(words.highestBid.wasMine);
      });

      await expectUndisturbed(everyone);
    });

    test(`an auction its owner deletes leaves every screen at once, in ${language}`, async ({ openScreen }) => {
      const { slug, seller, first, second } = await openAuction(openScreen, plans.open);
      const firstBid = await first.bidQuickAmount(0);
      await second.expectBids([firstBid]);
      const adPath = `/api/ads/${encodeURIComponent(slug)}`;
      // Nothing polls the ad: only the socket's word can make a page ask for it again, and hear it is gone.
      const everyone = [seller, first, second];
      const askedAgain = everyone.map((screen) => screen.page.waitForResponse((response) => new URL(response.url()).pathname === adPath && response.status() === 410));
      // Bids do not stop a deletion; only an awarded offer or added participants do (SPEC.md section 6).
      const deleted = await apiWrite(seller.page.request, 'DELETE', adPath);
      expect(deleted.status()).toBe(200);
      await Promise.all(askedAgain);
      for (const screen of everyone) {
        await expect(screen.page.locator('[data-page="ad-unavailable"]')).toBeVisible();
        await expect(screen.page.getByRole('heading', { level: 1 })).toHaveText(LOCALES[language].ads.refusal.unavailableTitle);
      }
      await expectUndisturbed(everyone, [{ status: 410, path: adPath }]);
    });
  });
}
