import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { AdType, ProductCondition } from '../../domain/ad';
import { minorUnitsPerMajor } from '../../domain/money';
import { slugify } from '../../domain/slug';
import app from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { AdTable, Database } from '../../server/db/schema';
import { seedOnFirstRun } from '../../server/db/seed/seed';
import { indexAllAdsForSearch } from '../../server/modules/ads/search-index';
import { createPostgresDatabase } from '../server/helpers/test-app';
import { describeMachine } from './figures';

/**
 * The listing endpoint under load (issue 4): the first page of a search with two filters over
 * 10,000 published ads, beside a bare Fastify route that returns the same JSON, in one run.
 * SQLite always; PostgreSQL too when BENCH_DATABASE_URL names a cluster (a database is created in it
 * and dropped afterwards). The servers run in a child process so the load generator does not share
 * their event loop. Figures depend on the machine: they are printed, never asserted.
 */
const AD_COUNT = 10_000;
const SEARCH_PATH = `/api/ads?${new URLSearchParams({ q: 'سياره', condition: 'USED', country: 'SA' })}`;
const BARE_PATH = '/bare';
const CONNECTIONS = 10;
const WARM_UP_SECONDS = 3;
const MEASURE_SECONDS = 10;
const DAY = 24 * 60 * 60 * 1000;

// ── The server side, run in the child process ────────────────────────────────────────────────

interface ServerPorts {
  appPort: number;
  barePort: number;
}

function configFrom(env: NodeJS.ProcessEnv) {
  const hasClientBuild = fs.existsSync(path.join('dist', 'index.html'));
  return loadConfig({
    // Production when the client is built, as `npm start` runs it; the API path is the same either way.
    NODE_ENV: hasClientBuild ? 'production' : 'development',
    // Production will not start without them; the benchmark sends no mail, shares no link and takes no money.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PUBLIC_URL: 'http://127.0.0.1',
    PAYMENT_PROVIDER: 'sandbox',
    DATA_DIR: env.DATA_DIR,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
  });
}

/** The marketplace as server/main.ts starts it, and the bare route serving the payload the marketplace answered with. */
async function serve(): Promise<void> {
  const config = configFrom(process.env);
  const marketplace = Fastify({ logger: false, bodyLimit: 1024 * 1024, trustProxy: config.trustProxy });
  await marketplace.register(app, { config });
  await marketplace.listen({ host: '127.0.0.1', port: 0 });
  const payload: unknown = (await marketplace.inject({ method: 'GET', url: SEARCH_PATH })).json();
  const bare = Fastify({ logger: false });
  bare.get(BARE_PATH, async () => payload);
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const portOf = (server: FastifyInstance) => (server.server.address() as AddressInfo).port;
  process.once('SIGTERM', () => void Promise.all([marketplace.close(), bare.close()]).then(() => process.exit(0)));
  process.send!({ appPort: portOf(marketplace), barePort: portOf(bare) } satisfies ServerPorts);
}

// ── Data: 10,000 published ads across categories, countries and conditions ─────────────────

/** Deterministic, so every run searches the same ads. */
function randomGenerator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    integer: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    weighted: <T>(choices: ReadonlyArray<readonly [T, number]>): T => {
      let roll = next() * choices.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [choice, weight] of choices) if ((roll -= weight) < 0) return choice;
      return choices.at(-1)![0];
    },
  };
}

interface TitleTemplates {
  subcategory: string;
  /** Share of all ads. */
  weight: number;
  ar: string[];
  en: string[];
  /** Major units. */
  price: [number, number];
}

// {brand} is the brand's name in the title's language, {year} a model year, {n} a small number, {city} the ad's city.
const TEMPLATES: TitleTemplates[] = [
  { subcategory: 'cars', weight: 22, price: [15_000, 350_000], ar: ['سيارة {brand} موديل {year} بحالة ممتازة', 'سيارة {brand} {year} فل كامل', '{brand} {year} ممشى قليل للبيع', 'سيارة عائلية {brand} {year} نظيفة جداً'], en: ['{brand} {year} full option', 'Clean {brand} {year} for sale', '{brand} {year} low mileage'] },
  { subcategory: 'spare-parts', weight: 5, price: [50, 5_000], ar: ['قطع غيار {brand} أصلية', 'بطارية {brand} للسيارة ضمان سنة'], en: ['Genuine {brand} spare parts', '{brand} car battery'] },
  { subcategory: 'motorcycles', weight: 4, price: [3_000, 90_000], ar: ['دراجة نارية {brand} {year}', 'دباب {brand} موديل {year} مستعمل'], en: ['{brand} motorcycle {year}'] },
  { subcategory: 'mobiles', weight: 14, price: [300, 7_000], ar: ['جوال {brand} ذاكرة {n}28 جيجا', 'هاتف {brand} جديد بالكرتون', 'جوال {brand} مستعمل نظيف'], en: ['{brand} phone {n}28GB like new', 'New {brand} smartphone sealed'] },
  { subcategory: 'laptops', weight: 8, price: [800, 12_000], ar: ['لابتوب {brand} معالج i7 رام {n}6', 'جهاز {brand} محمول للألعاب'], en: ['{brand} laptop i7 {n}6GB RAM', '{brand} gaming notebook'] },
  { subcategory: 'apartments-for-sale', weight: 7, price: [250_000, 2_500_000], ar: ['شقة للبيع {n} غرف في {city}', 'شقة فاخرة بإطلالة في {city}'], en: ['{n} bedroom apartment for sale in {city}'] },
  { subcategory: 'villas', weight: 4, price: [900_000, 6_000_000], ar: ['فيلا دورين مع مسبح في {city}', 'فيلا حديثة البناء {n} غرف'], en: ['Modern villa with pool in {city}'] },
  { subcategory: 'living-rooms', weight: 6, price: [400, 15_000], ar: ['كنب {brand} مستعمل نظيف', 'مجلس عربي {n} قطع'], en: ['{brand} sofa set {n} seats'] },
  { subcategory: 'refrigerators', weight: 6, price: [600, 9_000], ar: ['ثلاجة {brand} {n}0 قدم', 'ثلاجة {brand} بابين موفرة للطاقة'], en: ['{brand} refrigerator {n}0 cu ft'] },
  { subcategory: 'air-conditioners', weight: 5, price: [700, 6_000], ar: ['مكيف سبليت {brand} {n} طن', 'مكيف {brand} انفرتر'], en: ['{brand} split AC {n} ton'] },
  { subcategory: 'watches', weight: 5, price: [150, 120_000], ar: ['ساعة {brand} أصلية', 'ساعة {brand} رجالية إصدار {year}'], en: ['Original {brand} watch', '{brand} watch {year} edition'] },
  { subcategory: 'camels', weight: 3, price: [5_000, 400_000], ar: ['ناقة مجاهيم للبيع', 'قعود وضح عمره {n} سنوات'], en: [] },
  { subcategory: 'generators', weight: 3, price: [8_000, 250_000], ar: ['مولد كهربائي {brand} {n}00 كيلو واط'], en: ['{brand} generator {n}00 kVA'] },
  { subcategory: 'bicycles', weight: 4, price: [300, 9_000], ar: ['دراجة هوائية {brand} جبلية', 'سيكل {brand} مقاس {n}6'], en: ['{brand} mountain bike', '{brand} road bike size {n}6'] },
  { subcategory: 'heavy-equipment', weight: 4, price: [60_000, 900_000], ar: ['معدة ثقيلة شيول {year}', 'حفار مستعمل موديل {year}'], en: ['Used excavator {year}'] },
];

const SALE_TYPES: ReadonlyArray<readonly [AdType, number]> = [
  ['INSTANT_SALE', 55], ['INSTANT_SALE_AND_AUCTION', 10], ['PUBLIC_AUCTION', 15], ['PRIVATE_AUCTION', 5],
  ['LIVE_AUCTION', 5], ['PUBLIC_TENDER', 7], ['PRIVATE_TENDER', 3],
];
const CONDITIONS: ReadonlyArray<readonly [ProductCondition, number]> = [['USED', 55], ['NEW', 35], ['NOT_SPECIFIED', 10]];
const DESCRIPTIONS = {
  ar: ['معروض للبيع بحالة جيدة جداً، السعر قابل للتفاوض بشكل بسيط، التواصل عبر الرسائل فقط.', 'الاستخدام شخصي ونظيف، بدون أي عيوب، مع جميع الملحقات والفاتورة الأصلية.', 'للجادين فقط، المعاينة متاحة في المساء، التوصيل ممكن داخل المدينة.'],
  en: ['In very good condition, price slightly negotiable, contact by message only.', 'Personal use, no defects, comes with all accessories and the original receipt.'],
};

async function insertAds(db: Kysely<Database>, now: number): Promise<void> {
  const random = randomGenerator(20_240_404);
  const ownerId = randomUUID();
  await db
    .insertInto('users')
    .values({ id: ownerId, slug: `bench-seller-${ownerId.slice(0, 6)}`, first_name: 'Bench', last_name: 'Seller', email: 'bench@example.com', phone: '966500000000', country_code: 'SA', city_id: null, password_hash: '', about: '', created_at: now - 400 * DAY, verified_at: now, email_verified_at: now })
    .execute();
  const categories = await db.selectFrom('categories').select(['id', 'parent_id', 'slug']).execute();
  const brands = await db.selectFrom('brands').select(['id', 'category_id', 'name_ar', 'name_en']).execute();
  const countries = await db.selectFrom('countries').select(['code', 'currency']).orderBy('sort_order').execute();
  const cities = await db.selectFrom('cities').select(['id', 'country_code', 'name_ar', 'name_en']).execute();
  // Saudi Arabia is the largest market; the other countries share the rest.
  const countryWeights = countries.map((country) => [country, country.code === 'SA' ? 30 : 10] as const);
  const templateWeights = TEMPLATES.map((template) => [template, template.weight] as const);

  const ads: Array<Insertable<AdTable>> = [];
  const offeredIn: Array<{ ad_id: string; country_code: string }> = [];
  for (let index = 0; index < AD_COUNT; index++) {
    const template = random.weighted(templateWeights);
    const subcategory = categories.find((category) => category.slug === template.subcategory)!;
    const brand = brands.filter((candidate) => candidate.category_id === subcategory.id);
    const chosenBrand = brand.length > 0 ? random.pick(brand) : undefined;
    const country = random.weighted(countryWeights);
    const city = random.pick(cities.filter((candidate) => candidate.country_code === country.code));
    const english = template.en.length > 0 && random.next() < 0.3;
    const title = random
      .pick(english ? template.en : template.ar)
      .replace('{brand}', (english ? chosenBrand?.name_en : chosenBrand?.name_ar) ?? '')
      .replace('{year}', String(random.integer(2008, 2025)))
      .replace('{n}', String(random.integer(1, 9)))
      .replace('{city}', english ? city.name_en : city.name_ar)
      .replace(/\s+/g, ' ')
      .trim();
    const type = random.weighted(SALE_TYPES);
    const isTender = type.endsWith('_TENDER');
    const isAuction = !isTender && type !== 'INSTANT_SALE';
    const amount = random.integer(...template.price) * minorUnitsPerMajor(country.currency);
    const publishedAt = now - random.integer(0, 60 * DAY);
    const startsAt = isAuction || isTender ? publishedAt : null;
    const endsAt = isAuction ? now + random.integer(1, 7 * DAY) : isTender ? now + random.integer(1, 30 * DAY) : null;
    const id = randomUUID();
    ads.push({
      id, slug: slugify(title, id.slice(0, 8)), owner_id: ownerId, type, status: 'PUBLISHED', title,
      description: random.pick(english ? DESCRIPTIONS.en : DESCRIPTIONS.ar), keywords: JSON.stringify(english ? [] : ['للبيع']),
      category_id: subcategory.parent_id, subcategory_id: subcategory.id, brand_id: chosenBrand?.id ?? null,
      condition: random.weighted(CONDITIONS), currency: country.currency,
      price: type === 'INSTANT_SALE' ? amount : null,
      opening_amount: isAuction ? Math.round(amount * 0.7) : null, instant_purchase_amount: type === 'INSTANT_SALE_AND_AUCTION' ? amount : null,
      on_back_price: null, shipping_type: random.next() < 0.4 ? 'FREE' : 'PAID', shipping_fee: null,
      allow_decimal_bids: 0, negotiable: 0, returnable: 0, country_code: country.code, city_id: city.id,
      starts_now: 1, starts_at: startsAt, ends_at: endsAt, auction_duration_ms: null, sub_auction_duration_ms: null, live_link: null,
      offers_visible_to_subscribers: 0, main_image_id: null, bid_count: isAuction ? random.integer(0, 40) : 0,
      created_at: publishedAt, updated_at: publishedAt, published_at: publishedAt,
      // Running auctions as the scheduler keeps them: started, waiting for their end.
      next_deadline_at: isAuction ? endsAt : null,
    });
    offeredIn.push({ ad_id: id, country_code: country.code });
    // Some sellers ship to a second country.
    if (random.next() < 0.15) {
      const second = random.pick(countries);
      if (second.code !== country.code) offeredIn.push({ ad_id: id, country_code: second.code });
    }
  }
  // About 45 columns an ad: batches stay under both drivers' limits on bound parameters.
  const batch = 300;
  for (let start = 0; start < ads.length; start += batch) await db.insertInto('ads').values(ads.slice(start, start + batch)).execute();
  for (let start = 0; start < offeredIn.length; start += batch * 10) await db.insertInto('ad_countries').values(offeredIn.slice(start, start + batch * 10)).execute();
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────

interface Target {
  name: string;
  env: Record<string, string>;
  cleanUp: () => Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-'));
  return { name: 'SQLite', env: { DATA_DIR: dataDir }, cleanUp: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const database = await createPostgresDatabase(adminUrl, 'bench');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-'));
  return {
    name: 'PostgreSQL',
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    cleanUp: async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function prepare(target: Target): Promise<number> {
  const started = Date.now();
  const db = createDatabase(configFrom(target.env).database);
  try {
    const now = Date.now();
    await migrateToLatest(db);
    await seedOnFirstRun(db, { demo: false, now });
    await db.transaction().execute(async (trx) => {
      await insertAds(trx, now);
      await indexAllAdsForSearch(trx);
    });
    // After a bulk load the planner needs fresh statistics (PostgreSQL's autovacuum would gather
    // them in time; SQLite gathers them only when asked), or it guesses how selective each index is.
    await sql`ANALYZE`.execute(db);
  } finally {
    await db.destroy();
  }
  return Date.now() - started;
}

function startServers(env: Record<string, string>): Promise<{ child: ChildProcess; ports: ServerPorts }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { env: { ...process.env, ...env }, execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (ports) => resolve({ child, ports: ports as ServerPorts }));
    child.once('exit', (code) => reject(new Error(`the bench server exited early (code ${code})`)));
  });
}

function stopServers(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Row {
  database: string;
  endpoint: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

async function measure(url: string): Promise<Omit<Row, 'database' | 'endpoint'>> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: MEASURE_SECONDS });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx };
}

async function benchmark(target: Target, rows: Row[]): Promise<string> {
  const seededInMs = await prepare(target);
  const startingAt = Date.now();
  const { child, ports } = await startServers(target.env);
  const startedInMs = Date.now() - startingAt;
  try {
    const appUrl = `http://127.0.0.1:${ports.appPort}${SEARCH_PATH}`;
    const bareUrl = `http://127.0.0.1:${ports.barePort}${BARE_PATH}`;
    const [fromApp, fromBare] = await Promise.all([fetch(appUrl).then((response) => response.text()), fetch(bareUrl).then((response) => response.text())]);
    if (fromApp !== fromBare) throw new Error('the bare route does not answer with the listing’s JSON');
    const { total, items } = JSON.parse(fromApp) as { total: number; items: unknown[] };
    rows.push({ database: target.name, endpoint: 'listing (the marketplace)', ...(await measure(appUrl)) });
    rows.push({ database: target.name, endpoint: 'bare Fastify, same JSON', ...(await measure(bareUrl)) });
    return `${target.name}: ${AD_COUNT.toLocaleString('en')} ads seeded and indexed in ${(seededInMs / 1000).toFixed(1)} s; the servers started (listening, first search answered) in ${(startedInMs / 1000).toFixed(1)} s; the search matches ${total} of them, the page holds ${items.length} (${Buffer.byteLength(fromApp)} bytes of JSON).`;
  } finally {
    await stopServers(child);
  }
}

function printTable(rows: Row[]): void {
  const header = ['database', 'endpoint', 'req/s', 'p50 ms', 'p99 ms', 'failed'];
  const cells = rows.map((row) => [row.database, row.endpoint, row.requestsPerSecond.toFixed(0), String(row.p50), String(row.p99), String(row.failures)]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) => `| ${values.map((value, column) => (column < 2 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width, column) => (column < 2 ? `-${'-'.repeat(width)}-` : `-${'-'.repeat(width)}:`)).join('|')}|`);
  for (const values of cells) console.log(line(values));
}

async function main(): Promise<void> {
  console.log(`Listing benchmark: GET ${decodeURIComponent(SEARCH_PATH)} (first page, two filters and a search)`);
  console.log(`${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up then ${MEASURE_SECONDS} s measured per endpoint; ${describeMachine()}.`);
  console.log('Each database is freshly migrated, seeded with the catalog and the ads, then analysed (ANALYZE) before the servers start.\n');
  const rows: Row[] = [];
  const notes: string[] = [];
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const targets: Array<() => Promise<Target>> = [sqliteTarget, ...(postgresUrl ? [() => postgresTarget(postgresUrl)] : [])];
  for (const createTarget of targets) {
    const target = await createTarget();
    try {
      notes.push(await benchmark(target, rows));
    } finally {
      await target.cleanUp();
    }
  }
  if (!postgresUrl) notes.push('PostgreSQL: not run (optional). Set BENCH_DATABASE_URL=postgres://user@host:port/postgres to include it.');
  console.log(notes.join('\n'));
  console.log('');
  printTable(rows);
  if (rows.some((row) => row.failures > 0)) {
    console.error('\nSome requests failed: the figures above are not comparable.');
    process.exitCode = 1;
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
