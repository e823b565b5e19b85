import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Full-text search over ads, and indexes for the listing's filters that had none. Ads saved before
 * this migration are indexed here. Everything it runs is written out below as it was when search
 * came, so a later change to the search code cannot change what this migration does: a later
 * change to how ads are indexed reindexes in a migration of its own.
 */
// The database as it was when this was written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await createAdSearchTable(db);
  await db.schema.createIndex('ads_brand_idx').on('ads').column('brand_id').execute();
  await db.schema.createIndex('ads_city_idx').on('ads').column('city_id').execute();
  await indexAllAds(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ads_city_idx').execute();
  await db.schema.dropIndex('ads_brand_idx').execute();
  if (!isPostgres(db)) await sql`DROP TABLE ad_search_fts`.execute(db);
  await db.schema.dropTable('ad_search').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The table the listing searches: one normalised text per ad, removed with its ad. SQLite indexes it
 * with FTS5; an external-content FTS table needs a stable integer rowid, hence the `id` column there,
 * and triggers keep it in step with every write, cascades included. PostgreSQL indexes the same text
 * with GIN over its `simple` tsvector: no stemming, the text is normalised already.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function createAdSearchTable(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema
      .createTable('ad_search')
      .addColumn('ad_id', 'text', (col) => col.primaryKey().references('ads.id').onDelete('cascade'))
      .addColumn('body', 'text', (col) => col.notNull())
      // Stored, so matching rows are checked against the vector instead of parsing the text again.
      .addColumn('body_vector', sql`tsvector`, (col) => col.generatedAlwaysAs(sql`to_tsvector('simple', body)`).stored())
      .execute();
    await db.schema.createIndex('ad_search_vector_idx').on('ad_search').using('gin').column('body_vector').execute();
    return;
  }
  await db.schema
    .createTable('ad_search')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('ad_id', 'text', (col) => col.notNull().unique().references('ads.id').onDelete('cascade'))
    .addColumn('body', 'text', (col) => col.notNull())
    .execute();
  await sql`CREATE VIRTUAL TABLE ad_search_fts USING fts5(body, content='ad_search', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(db);
  await sql`CREATE TRIGGER ad_search_inserted AFTER INSERT ON ad_search BEGIN
    INSERT INTO ad_search_fts (rowid, body) VALUES (new.id, new.body);
  END`.execute(db);
  await sql`CREATE TRIGGER ad_search_deleted AFTER DELETE ON ad_search BEGIN
    INSERT INTO ad_search_fts (ad_search_fts, rowid, body) VALUES ('delete', old.id, old.body);
  END`.execute(db);
  await sql`CREATE TRIGGER ad_search_updated AFTER UPDATE ON ad_search BEGIN
    INSERT INTO ad_search_fts (ad_search_fts, rowid, body) VALUES ('delete', old.id, old.body);
    INSERT INTO ad_search_fts (rowid, body) VALUES (new.id, new.body);
  END`.execute(db);
}

/** Small enough for SQLite's and PostgreSQL's limits on bound parameters, large enough to be few round trips. */
const BATCH_SIZE = 500;

/** Every ad by its own words and the names of its category, subcategory and brand in either language, a batch at a time. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function indexAllAds(db: Kysely<any>): Promise<void> {
  let after: string | undefined;
  for (;;) {
    let batch = db
      .selectFrom('ads')
      .leftJoin('categories as category', 'category.id', 'ads.category_id')
      .leftJoin('categories as subcategory', 'subcategory.id', 'ads.subcategory_id')
      .leftJoin('brands as brand', 'brand.id', 'ads.brand_id')
      .select([
        'ads.id', 'ads.title', 'ads.description', 'ads.keywords',
        'category.name_ar as category_ar', 'category.name_en as category_en',
        'subcategory.name_ar as subcategory_ar', 'subcategory.name_en as subcategory_en',
        'brand.name_ar as brand_ar', 'brand.name_en as brand_en',
      ])
      .orderBy('ads.id')
      .limit(BATCH_SIZE);
    if (after !== undefined) batch = batch.where('ads.id', '>', after);
    const ads = (await batch.execute()) as SearchSource[];
    if (ads.length > 0) await db.insertInto('ad_search').values(ads.map(searchRowOf)).execute();
    if (ads.length < BATCH_SIZE) return;
    after = ads.at(-1)!.id;
  }
}

interface SearchSource {
  id: string;
  title: string;
  description: string;
  keywords: string;
  category_ar: string | null;
  category_en: string | null;
  subcategory_ar: string | null;
  subcategory_en: string | null;
  brand_ar: string | null;
  brand_en: string | null;
}

function searchRowOf(ad: SearchSource): { ad_id: string; body: string } {
  const names = [ad.category_ar, ad.category_en, ad.subcategory_ar, ad.subcategory_en, ad.brand_ar, ad.brand_en].filter((name) => name !== null);
  return { ad_id: ad.id, body: searchBodyOf([ad.title, ...(JSON.parse(ad.keywords) as string[]), ...names, ad.description]) };
}

const ARABIC_ARTICLE = 'ال';
const SHORTEST_WORD_AFTER_ARTICLE = 3;

/** The words normalised, and those that start with the Arabic article also without it. */
function searchBodyOf(texts: readonly string[]): string {
  return texts
    .flatMap(wordsOf)
    .flatMap((word) => {
      const bare = word.startsWith(ARABIC_ARTICLE) && word.length - ARABIC_ARTICLE.length >= SHORTEST_WORD_AFTER_ARTICLE ? word.slice(ARABIC_ARTICLE.length) : word;
      return bare === word ? [word] : [word, bare];
    })
    .join(' ');
}

/** The spellings a buyer may type for the same word made one: digits, diacritics, hamza and madda forms, case. */
function wordsOf(text: string): string[] {
  const normalized = latinDigitsOf(text.normalize('NFKC').toLowerCase())
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .normalize('NFC')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/[ىئ]/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();
  return normalized === '' ? [] : normalized.split(' ');
}

const ARABIC_INDIC_ZERO = 0x0660;
const EASTERN_ARABIC_INDIC_ZERO = 0x06f0;

function latinDigitsOf(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= EASTERN_ARABIC_INDIC_ZERO ? EASTERN_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO));
  });
}
