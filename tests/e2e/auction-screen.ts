import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import type { AuctionPhase, AuctionSnapshot, ViewerRole } from '../../domain/auction';
import { appRunning } from './fixtures';
import { type Language, signInThroughApi, useLanguage, watchForErrors } from './helpers';

const SCREENSHOTS = '.test-output/screens';

/** One person's browser on an auction's page, in a browser context of its own; a visitor is signed in as nobody. */
export class AuctionScreen {
  constructor(
    readonly name: string,
    readonly page: Page,
    readonly problems: string[],
  ) {}

  static async open(browser: Browser, language: Language, name: string, person: { email: string; password: string } | null): Promise<AuctionScreen> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await useLanguage(page, language);
    if (person) await signInThroughApi(page.request, person.email, person.password);
    return new AuctionScreen(name, page, problems);
  }

  byTestId(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  get panel() {
    return this.byTestId('auction-panel');
  }

  /** Opens the ad (again, when it is open already) and marks the document, so a later check can tell it was not reloaded since. */
  async visit(slug: string, { timeout }: { timeout?: number } = {}) {
    await this.page.goto(`/ad/${encodeURIComponent(slug)}`);
    await expect(this.panel).toBeVisible({ timeout });
    await appRunning(this.page);
    await this.page.evaluate(() => document.documentElement.setAttribute('data-opened-once', ''));
  }

  /** Whatever changed on this screen came over the socket: the document opened is still the one shown. */
  async expectNotReloaded() {
    await expect(this.page.locator('html[data-opened-once]')).toHaveCount(1);
  }

  /** The auction as the server answers this screen's person. */
  async snapshot(slug: string): Promise<AuctionSnapshot> {
    return (await (await this.page.request.get(`/api/ads/${encodeURIComponent(slug)}/auction`)).json()) as AuctionSnapshot;
  }

  /** The name others see for this screen's person, as the server lists them among the auction's bidders. */
  async bidderName(slug: string): Promise<string> {
    const { user } = (await (await this.page.request.get('/api/auth/session')).json()) as { user: { id: string } };
    const bidder = (await this.snapshot(slug)).bidders.find((one) => one.id === user.id);
    if (!bidder) throw new Error(`${user.id} has not bid on ${slug}`);
    return bidder.name;
  }

  async expectRole(role: ViewerRole) {
    await expect(this.panel).toHaveAttribute('data-role', role);
  }

  async expectPhase(phase: AuctionPhase, timeout?: number) {
    await expect(this.byTestId('auction-phase')).toHaveAttribute('data-phase', phase, { timeout });
  }

  async expectHighestBid(amount: number | null) {
    await expect(this.byTestId('highest-bid')).toHaveAttribute('data-amount', amount === null ? '' : String(amount));
  }

  /** The round's bids, newest first, as every screen lists them. */
  async expectBids(amounts: number[]) {
    await expect(this.byTestId('bid-list')).toHaveAttribute('data-count', String(amounts.length));
    await expect(this.byTestId('bid')).toHaveCount(amounts.length);
    for (const [index, amount] of amounts.entries()) await expect(this.byTestId('bid').nth(index)).toHaveAttribute('data-amount', String(amount));
  }

  /** Places a bid of one of the form's quick amounts (0 is the least the next bid may offer) and answers it. */
  async bidQuickAmount(index: number): Promise<number> {
    const quick = this.byTestId('quick-bid').nth(index);
    const amount = Number(await quick.getAttribute('data-amount'));
    await quick.click();
    await this.byTestId('place-bid').click();
    await this.expectHighestBid(amount);
    return amount;
  }

  async screenshot(name: string, language: Language) {
    await this.panel.screenshot({ path: `${SCREENSHOTS}/${name}-${language}.png`, animations: 'disabled' });
  }

  async close() {
    await this.page.context().close();
  }
}

/** The requests a page sends to `pathEnd` from now on: proof that nothing was sent. */
export function requestsTo(page: Page, pathEnd: string): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(pathEnd)) sent.push(`${request.method()} ${request.url()}`);
  });
  return sent;
}
