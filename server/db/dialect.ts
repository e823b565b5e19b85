import { type Kysely, PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Everything that differs between SQLite and PostgreSQL lives here, so migrations and
 * repositories stay free of dialect branches.
 */
export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: Pick<Kysely<never>, 'getExecutor'>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function columnTypes(dialect: DialectName) {
  return {
    /** Milliseconds since the epoch and money in minor units outgrow PostgreSQL's 32-bit integer. */
    bigInteger: dialect === 'postgres' ? ('bigint' as const) : ('integer' as const),
  };
}

/**
 * `column` contains `text`, ignoring letter case, with `%`, `_` and `\` in the text matched as
 * themselves. SQLite's LIKE already ignores ASCII case; PostgreSQL needs ILIKE.
 */
export function containsText(dialect: DialectName, column: string, text: string): RawBuilder<SqlBool> {
  const pattern = `%${text.replace(/[%_\\]/g, '\\$&')}%`;
  const operator = dialect === 'postgres' ? sql`ilike` : sql`like`;
  return sql<SqlBool>`${sql.ref(column)} ${operator} ${pattern} escape '\\'`;
}

/**
 * The column a unique constraint refused a write on, from either driver's error; undefined for any
 * other error. Two requests racing for the same email meet here rather than in a failed request.
 */
export function uniqueViolationColumn(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, detail, message } = error as { code?: unknown; detail?: unknown; message?: unknown };
  if (code === '23505' && typeof detail === 'string') return /^Key \(([^)]+)\)=/.exec(detail)?.[1];
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string') return /UNIQUE constraint failed: \w+\.(\w+)/.exec(message)?.[1];
  return undefined;
}

/** Whether a write was refused because a row it refers to is gone (both drivers' codes). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
