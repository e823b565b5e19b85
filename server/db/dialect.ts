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
