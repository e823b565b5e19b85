import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Shapes kept per query, the least recently used dropped past it: a run of bids has lists of every
 * length up to the engine's largest run, and the common shapes (one bid, one bidder) stay.
 */
const MOST_SHAPES_KEPT = 200;

/** Stands for the value at this index among a call's values while its query is compiled. */
const VALUE_MARK = '\u0000value:';

type Parameter = { valueAt: number } | { constant: unknown };

interface Compiled {
  sql: string;
  parameters: Parameter[];
}

/**
 * The values of one call, every primitive taken out in order, and the shape they leave behind: the
 * keys and list lengths, which is what the SQL depends on (a list of three ids compiles to `in (?, ?, ?)`).
 */
function takeApart(values: unknown): { leaves: unknown[]; shape: string; marked: unknown } {
  const leaves: unknown[] = [];
  let shape = '';
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      shape += `[${value.length}`;
      const marked = value.map(walk);
      shape += ']';
      return marked;
    }
    if (value !== null && typeof value === 'object') {
      const marked: Record<string, unknown> = {};
      shape += '{';
      for (const [key, inner] of Object.entries(value)) {
        shape += `${key}:`;
        marked[key] = walk(inner);
      }
      shape += '}';
      return marked;
    }
    leaves.push(value);
    return `${VALUE_MARK}${leaves.length - 1}`;
  };
  const marked = walk(values);
  return { leaves, shape, marked };
}

/**
 * A query Kysely builds and compiles once per shape of its values, then runs with each call's values
 * in their places. Building and compiling was a third of a bid's time on the event loop (Kysely
 * freezes and clones a tree of nodes for every clause of every query), so the bid engine's queries,
 * run a thousand times a second under a storm, are kept compiled. `build` must put each of `values`'
 * primitives into the query as a value (not as a name, an operator or a limit), as Kysely does for
 * `where` comparisons, `in` lists, inserted and updated values.
 */
export function compiledQuery<Values, Row>(build: (db: Kysely<Database>, values: Values) => Compilable<Row>) {
  const compiledByShape = new Map<string, Compiled>();
  return async (db: Kysely<Database>, values: Values): Promise<Row[]> => {
    const { leaves, shape, marked } = takeApart(values);
    // One process may hold both dialects (the benchmark runs SQLite, then PostgreSQL), each with its SQL.
    const key = `${db.getExecutor().adapter.constructor.name} ${shape}`;
    let compiled = compiledByShape.get(key);
    if (compiled) compiledByShape.delete(key);
    else {
      if (compiledByShape.size >= MOST_SHAPES_KEPT) compiledByShape.delete(compiledByShape.keys().next().value!);
      const query = build(db, marked as Values).compile();
      compiled = {
        sql: query.sql,
        parameters: query.parameters.map((parameter) =>
          typeof parameter === 'string' && parameter.startsWith(VALUE_MARK) ? { valueAt: Number(parameter.slice(VALUE_MARK.length)) } : { constant: parameter },
        ),
      };
    }
    compiledByShape.set(key, compiled);
    const parameters = compiled.parameters.map((parameter) => ('valueAt' in parameter ? leaves[parameter.valueAt] : parameter.constant));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
