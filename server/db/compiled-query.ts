import { type Compilable, CompiledQuery, type DialectAdapter, type Kysely, PostgresAdapter } from 'kysely';
import { LruMap } from '../lru-map';
import { heldSqliteConnectionOf, prepareOnPostgres } from './database';
import type { Database } from './schema';

/**
 * Shapes kept per query and dialect, the least recently used dropped past it: a run of bids has lists
 * of every length up to the engine's largest run, and the common shapes (one bid, one bidder) stay.
 */
const MOST_SHAPES_KEPT = 200;

/** Stands for the value at this index among a call's values while its query is compiled. */
const VALUE_MARK = '\u0000value:';

type Parameter = { valueAt: number } | { constant: unknown };

interface Compiled {
  sql: string;
  parameters: Parameter[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The shape of a call's values: the keys and list lengths, which is what the SQL depends on (a list of
 * three ids compiles to `in (?, ?, ?)`). Each primitive is pushed onto `leaves`, in order. Run on every
 * call, so it copies nothing.
 */
function shapeOf(value: unknown, leaves: unknown[]): string {
  if (Array.isArray(value)) {
    let shape = `[${value.length}`;
    for (const item of value) shape += shapeOf(item, leaves);
    return `${shape}]`;
  }
  if (isPlainObject(value)) {
    let shape = '{';
    for (const key in value) shape += `${key}:${shapeOf(value[key], leaves)}`;
    return `${shape}}`;
  }
  // Kysely leaves a column whose value is undefined out of the SQL, and a Date or a Buffer would be
  // walked here as if it held values: neither would be bound as the caller meant.
  if (value === undefined || (typeof value === 'object' && value !== null)) throw new TypeError('compiledQuery binds strings, numbers, booleans and nulls only');
  leaves.push(value);
  return '';
}

/** `value` with each primitive replaced by what `replace` gives for it, in `shapeOf`'s order. */
function withLeavesReplaced(value: unknown, replace: () => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => withLeavesReplaced(item, replace));
  if (isPlainObject(value)) {
    const replaced: Record<string, unknown> = {};
    for (const key in value) replaced[key] = withLeavesReplaced(value[key], replace);
    return replaced;
  }
  return replace();
}

/** A compiled query with its values, not run yet: to run by itself, or with others in one statement (`readTogether`, `writeTogether`). */
export interface BoundQuery<Row> {
  /** The SQL in `db`'s dialect, and the values in its parameters' order. */
  compileFor(db: Kysely<Database>): { sql: string; parameters: unknown[] };
  run(db: Kysely<Database>): Promise<Row[]>;
}

/** A read whose rows mean something to its caller: `resultOf` is given the rows `query` found, or none when there is no query to run. */
export interface Read<Row, Result> {
  query: BoundQuery<Row> | null;
  resultOf(rows: Row[]): Result;
}

/** A read that needs no query: its result is known already. */
export function knownRead<Result>(result: Result): Read<never, Result> {
  return { query: null, resultOf: () => result };
}

/** Runs one read by itself. */
export async function runRead<Row, Result>(db: Kysely<Database>, read: Read<Row, Result>): Promise<Result> {
  return read.resultOf(read.query ? await read.query.run(db) : []);
}

/**
 * A query Kysely builds and compiles once per shape of its values, then runs with each call's values
 * in their places. Building and compiling was a third of a bid's time on the event loop (Kysely
 * freezes and clones a tree of nodes for every clause of every query), so the bid engine's queries,
 * run a thousand times a second under a storm, are kept compiled. `build` must put each of `values`'
 * primitives into the query as a value (not as a name, an operator or a limit), as Kysely does for
 * `where` comparisons, `in` lists, inserted and updated values. `.with(values)` binds the values without running it.
 */
export function compiledQuery<Values, Row>(build: (db: Kysely<Database>, values: Values) => Compilable<Row>) {
  // One process may hold both dialects (the benchmark runs SQLite, then PostgreSQL), each with its SQL.
  const compiledByAdapter = new WeakMap<DialectAdapter, LruMap<string, Compiled>>();
  function compileFor(db: Kysely<Database>, values: Values): { sql: string; parameters: unknown[] } {
    const leaves: unknown[] = [];
    const shape = shapeOf(values, leaves);
    const { adapter } = db.getExecutor();
    let compiledByShape = compiledByAdapter.get(adapter);
    if (!compiledByShape) compiledByAdapter.set(adapter, (compiledByShape = new LruMap(MOST_SHAPES_KEPT)));
    let compiled = compiledByShape.get(shape);
    if (!compiled) {
      let marks = 0;
      const marked = withLeavesReplaced(values, () => `${VALUE_MARK}${marks++}`);
      const query = build(db, marked as Values).compile();
      compiled = {
        sql: query.sql,
        parameters: query.parameters.map((parameter) =>
          typeof parameter === 'string' && parameter.startsWith(VALUE_MARK) ? { valueAt: Number(parameter.slice(VALUE_MARK.length)) } : { constant: parameter },
        ),
      };
      compiledByShape.set(shape, compiled);
      if (adapter instanceof PostgresAdapter) prepareOnPostgres(compiled.sql, compiled.parameters.length);
    }
    return { sql: compiled.sql, parameters: compiled.parameters.map((parameter) => ('valueAt' in parameter ? leaves[parameter.valueAt] : parameter.constant)) };
  }
  const run = async (db: Kysely<Database>, values: Values): Promise<Row[]> => runCompiled<Row>(db, compileFor(db, values));
  return Object.assign(run, {
    with: (values: Values): BoundQuery<Row> => ({ compileFor: (db) => compileFor(db, values), run: (db) => run(db, values) }),
  });
}

/**
 * Runs SQL compiled for `db`: on the held SQLite connection straight away when there is one, giving its
 * rows there and then (no promise to wait for on a bid's path), else through Kysely.
 */
export function runCompiled<Row>(db: Kysely<Database>, { sql, parameters }: { sql: string; parameters: unknown[] }): Row[] | Promise<Row[]> {
  const sqlite = heldSqliteConnectionOf(db);
  if (!sqlite) return db.executeQuery<Row>(CompiledQuery.raw(sql, parameters)).then((result) => result.rows);
  // The connection's `prepare` hands back the statement it keeps for this SQL (`keepingStatements`).
  const statement = sqlite.prepare(sql);
  if (statement.reader) return statement.all(parameters) as Row[];
  statement.run(parameters);
  return [];
}
