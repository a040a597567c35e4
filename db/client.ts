// The app's database connection: one per server process, opened lazily so a
// build never touches the file.
import 'server-only'
import { defaultDbPath, migrateSqlite, openSqlite, type Sqlite } from './open'
import { seedDemoAccounts } from './seed'

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
