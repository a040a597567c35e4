// `npm run rotate-console-secret`: a new console-key secret for DRILL_DB. Every live
// console account is re-keyed in the same transaction: old console keys answer 401
// from then on, and each learner's console shows the new key on its next visit.
// Safe while the server runs (SQLite serialises the write; the server reads the
// secret from the database on every console visit).
import { DatabaseOpenError, defaultDbPath, migrateSqlite, openSqlite } from '@/db/open'
import { rotateConsoleSecret } from '@/lib/live/console-account'

try {
  const sqlite = openSqlite(defaultDbPath())
  migrateSqlite(sqlite)
  const rekeyed = rotateConsoleSecret(sqlite, Date.now())
  sqlite.close()
  console.log(`Console secret rotated for ${defaultDbPath()}: ${rekeyed} console account(s) re-keyed.`)
} catch (error) {
  if (error instanceof DatabaseOpenError) {
    console.error(error.message)
    process.exit(2)
  }
  throw error
}
