// Opening and migrating a SQLite database, shared by the app, the CLI scripts,
// the tests and the simulator (which passes ':memory:'). No Next imports here.
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import * as schema from './schema'

export type Sqlite = Database.Database

export const migrationsFolder = path.join(process.cwd(), 'db', 'migrations')

export function defaultDbPath(): string {
  return process.env.DRILL_DB ?? path.join('data', 'drill.db')
}

/** A database the path cannot give us, said in one line (no stack trace). */
export class DatabaseOpenError extends Error {
  constructor(
    readonly dbPath: string,
    reason: string,
  ) {
    super(`Cannot open the database at ${dbPath}: ${reason}`)
    this.name = 'DatabaseOpenError'
  }
}

/**
 * How a file database syncs its commits. FULL: in WAL mode every commit fsyncs the
 * log before it returns, so a claim is on disk before the provider is called and
 * survives a power loss or OS crash, not only a process crash (NORMAL may lose the
 * last commits then, and a lost claim lets a retry charge again). An in-memory
 * database (the simulator) has nothing to sync.
 */
export type Synchronous = 'FULL' | 'NORMAL'
export const FILE_SYNCHRONOUS: Synchronous = 'FULL'

/** Opens (creating its folder) a SQLite file with WAL, durable commits and foreign keys on. */
export function openSqlite(
  dbPath: string,
  { synchronous = FILE_SYNCHRONOUS }: { synchronous?: Synchronous } = {},
): Sqlite {
  try {
    if (dbPath !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true })
    const sqlite = new Database(dbPath)
    if (dbPath !== ':memory:') {
      sqlite.pragma('journal_mode = WAL')
      sqlite.pragma(`synchronous = ${synchronous}`)
    }
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('busy_timeout = 5000')
    return sqlite
  } catch (error) {
    throw new DatabaseOpenError(dbPath, error instanceof Error ? error.message : String(error))
  }
}

/** Applies the committed migrations; idempotent. */
export function migrateSqlite(sqlite: Sqlite): void {
  try {
    // drizzle only applies the committed migrations; queries are prepared SQL (db/queries).
    migrate(drizzle(sqlite, { schema }), { migrationsFolder })
  } catch (error) {
    throw new DatabaseOpenError(sqlite.name, error instanceof Error ? error.message : String(error))
  }
}
