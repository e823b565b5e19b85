import os from 'node:os';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER } from '../../domain/auth';
import { LOCALE_COOKIE } from '../../domain/locale';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { describeMachine, percentile } from './figures';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { runningAuctionPath, startMarketplace } from './marketplace-process';

/**
 * The live screen (issue 28): a bidder and a visitor watch a running auction of the demo data, each in a
 * Chromium of their own, in Arabic. The bidder clicks to bid BIDS times; for each bid the benchmark
 * reads when the click happened on the bidder's screen and when the new highest bid reached the
 * visitor's page (the DOM changed) and its next frame, and, from a trace of the visitor's browser, how
 * long the task that applied it ran. Prints p50 and p95 beside the targets; never fails on them.
 */
const PORT = 3171;
const WARM_UP_BIDS = 5;
const BIDS = 50;
/** Between bids, so each arrives on a screen at rest, as a person's bids would. */
const PAUSE_MS = 250;
const TARGETS = { otherScreenP50Ms: 35, longestTaskMs: 16 };
const BIDDER_EMAIL = 'sara@example.com';

interface Shown {
  amount: string;
  /** Epoch milliseconds, with the page's sub-millisecond clock. */
  changedAt: number;
  paintedAt: number;
  /** The page's own clock (performance.now) at the change, to find its task in the trace. */
  changedAtPageMs: number;
}

declare global {
  interface Window {
    benchShown: Shown[];
    benchClicks: number[];
  }
}

/** Records, in the page, every new highest bid the panel shows: when the DOM changed and the frame after. */
function recordShownBids() {
  window.benchShown = [];
  let last = document.querySelector('[data-testid="highest-bid"]')?.getAttribute('data-amount') ?? '';
  new MutationObserver(() => {
    const amount = document.querySelector('[data-testid="highest-bid"]')?.getAttribute('data-amount') ?? '';
    if (amount === last) return;
    last = amount;
    const changedAtPageMs = performance.now();
    requestAnimationFrame(() => {
      window.benchShown.push({ amount, changedAt: performance.timeOrigin + changedAtPageMs, paintedAt: performance.timeOrigin + performance.now(), changedAtPageMs });
    });
  }).observe(document.querySelector('[data-testid="auction-panel"]')!, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Records, in the page, when each click on the bid button happened. */
function recordClicks() {
  window.benchClicks = [];
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element).closest('[data-testid="place-bid"]')) window.benchClicks.push(performance.timeOrigin + performance.now());
    },
    true,
  );
}

async function openAuction(browser: Browser, origin: string, path: string, signInAs: string | null): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  await context.addCookies([{ name: LOCALE_COOKIE, value: 'ar', url: origin }]);
  if (signInAs) {
    await context.request.get('/api/auth/session');
    const token = (await context.request.storageState()).cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '';
    const response = await context.request.post('/api/auth/sign-in', { data: { method: 'email', email: signInAs, password: DEMO_PASSWORD }, headers: { [CSRF_HEADER]: token } });
    if (!response.ok()) throw new Error(`signing in as ${signInAs}: ${response.status()}`);
  }
  const page = await context.newPage();
  await page.goto(path);
  await page.getByTestId('auction-panel').waitFor();
  return page;
}

/** Bids the least the form offers, and waits until both screens have shown it. */
async function bid(bidder: Page, watcher: Page): Promise<string> {
  const quick = bidder.getByTestId('quick-bid').first();
  const amount = (await quick.getAttribute('data-amount'))!;
  await quick.click();
  await bidder.getByTestId('place-bid').click();
  for (const page of [watcher, bidder]) await page.waitForFunction((expected) => window.benchShown.some((shown) => shown.amount === expected), amount);
  return amount;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The renderer's main-thread tasks from a Chromium trace, on the page's own clock: a mark placed by the
 * page ties the trace's clock to performance.now().
 */
function mainThreadTasks(trace: Buffer, markName: string, markAtPageMs: number): Array<{ startMs: number; durationMs: number }> {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const mark = traceEvents.find((event) => event.name === markName);
  if (!mark) throw new Error('the trace has no clock mark');
  const mainThread = traceEvents.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === mark.pid);
  if (!mainThread) throw new Error("the trace has no renderer's main thread");
  const offsetMs = mark.ts / 1000 - markAtPageMs;
  return traceEvents
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === mainThread.pid && event.tid === mainThread.tid)
    .map((event) => ({ startMs: event.ts / 1000 - offsetMs, durationMs: (event.dur ?? 0) / 1000 }));
}

async function main(): Promise<void> {
  console.log(`Live screen benchmark: a bidder and a visitor on a running auction, each in a Chromium of their own, in Arabic; ${BIDS} bids after ${WARM_UP_BIDS} unmeasured, ${PAUSE_MS} ms apart.`);
  console.log(`${describeMachine()}, load average ${os.loadavg()[0]!.toFixed(2)} at the start. The marketplace as npm start serves it.\n`);
  const server = await startMarketplace(PORT);
  const launch = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const [bidderBrowser, watcherBrowser] = await Promise.all([launch(), launch()]);
  try {
    const path = await runningAuctionPath(server.origin);
    const bidder = await openAuction(bidderBrowser, server.origin, path, BIDDER_EMAIL);
    const watcher = await openAuction(watcherBrowser, server.origin, path, null);
    await bidder.evaluate(recordClicks);
    for (const page of [bidder, watcher]) await page.evaluate(recordShownBids);
    for (let index = 0; index < WARM_UP_BIDS; index++) await bid(bidder, watcher);
    await bidder.evaluate(() => {
      window.benchClicks = [];
      window.benchShown = [];
    });
    await watcher.evaluate(() => (window.benchShown = []));

    await watcherBrowser.startTracing(watcher, { categories: ['toplevel', 'blink.user_timing', 'disabled-by-default-devtools.timeline'] });
    const markName = `bench-clock-${Date.now()}`;
    const markAtPageMs = await watcher.evaluate((name) => performance.mark(name).startTime, markName);
    for (let index = 0; index < BIDS; index++) {
      await bid(bidder, watcher);
      await bidder.waitForTimeout(PAUSE_MS);
    }
    const tasks = mainThreadTasks(await watcherBrowser.stopTracing(), markName, markAtPageMs);

    const clicks = await bidder.evaluate(() => window.benchClicks);
    const shown = await watcher.evaluate(() => window.benchShown);
    const shownToBidder = await bidder.evaluate(() => window.benchShown);
    if (clicks.length !== BIDS || shown.length !== BIDS || shownToBidder.length !== BIDS) throw new Error(`${clicks.length} clicks and ${shown.length} and ${shownToBidder.length} changes shown for ${BIDS} bids`);
    const toDom = shown.map((change, index) => change.changedAt - clicks[index]!);
    const toFrame = shown.map((change, index) => change.paintedAt - clicks[index]!);
    const toOwnScreen = shownToBidder.map((change, index) => change.changedAt - clicks[index]!);
    // The task during which the panel changed: the one that received the bid and rendered it.
    const changeTasks = shown.map((change) => tasks.find((task) => task.startMs <= change.changedAtPageMs && change.changedAtPageMs <= task.startMs + task.durationMs)?.durationMs ?? Number.NaN);
    const longestTask = Math.max(...tasks.map((task) => task.durationMs));

    const row = (name: string, values: number[], target = '') => `| ${name} | ${percentile(values, 0.5).toFixed(1)} | ${percentile(values, 0.95).toFixed(1)} | ${Math.max(...values).toFixed(1)} | ${target} |`;
    console.log('| figure (ms) | p50 | p95 | max | target |');
    console.log('|---|---:|---:|---:|---|');
    console.log(row('click to the other screen (DOM changed)', toDom, `p50 < ${TARGETS.otherScreenP50Ms} ms: ${percentile(toDom, 0.5) < TARGETS.otherScreenP50Ms ? 'met' : 'not met'}`));
    console.log(row('click to the other screen (its next frame)', toFrame));
    console.log(row("click to the bidder's own screen (DOM changed)", toOwnScreen));
    console.log(row('task that applied the change, other screen', changeTasks, `none over ${TARGETS.longestTaskMs} ms: ${Math.max(...changeTasks) <= TARGETS.longestTaskMs ? 'met' : 'not met'}`));
    console.log(`\nLongest task on the other screen's main thread during the ${BIDS} bids (any cause): ${longestTask.toFixed(1)} ms, over ${tasks.length} tasks.`);
    console.log(`Load average ${os.loadavg()[0]!.toFixed(2)} at the end. Figures are information: this benchmark never fails on them.`);
  } finally {
    await Promise.all([bidderBrowser.close(), watcherBrowser.close()]);
    server.stop();
  }
}

await main();
