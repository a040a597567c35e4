// The app's database: one per server process, opened lazily so a build never touches it.
// `studyDb()` is the study side's async data layer (db/sql): the SQLite file by default, or
// PostgreSQL shared by every instance when DRILL_DATABASE_URL is set (`npm start` migrated it
// first; the live runtime refuses the URL without DRILL_PROVIDER_DATABASE_URL).
import 'server-only'
import { defaultDbPath, migrateSqlite, openSqlite, type Sqlite } from './open'
import { pgPool } from './pg'
import { seedDemoAccounts } from './seed'
import type { Db } from './sql/db'
import { pgDb } from './sql/pg-db'
import { sqliteDb } from './sql/sqlite-db'

const globalForDb = globalThis as unknown as { drillSqlite?: Sqlite }

export function sqlite(): Sqlite {
  if (!globalForDb.drillSqlite) {
    const opened = openSqlite(defaultDbPath())
    // `npm start` migrates first; doing it here too keeps `next dev` and tests honest.
    migrateSqlite(opened)
    seedDemoAccounts(opened, Date.now())
    globalForDb.drillSqlite = opened
  }
  return globalForDb.drillSqlite
}

/** The study data: PostgreSQL when DRILL_DATABASE_URL says so, else the app's SQLite file. */
export function studyDb(): Db {
  const url = process.env.DRILL_DATABASE_URL?.trim()
  return url ? pgDb(pgPool(url)) : sqliteDb(sqlite())
}
