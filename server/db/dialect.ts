import { type Kysely, PostgresAdapter } from 'kysely';

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

/** Whether a driver error is a violation of a unique constraint. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
