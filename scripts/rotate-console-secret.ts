// `npm run rotate-console-secret`: a new console-key secret for DRILL_DB — or, when
// DRILL_DATABASE_URL is set, for that PostgreSQL database, which every instance shares.
// Every live console account is re-keyed in the same transaction: old console keys answer
// 401 from then on, and each learner's console shows the new key on its next visit.
// Safe while the servers run (the write is one transaction; a server reads the secret from
// the database on every console visit).
import { DatabaseOpenError, defaultDbPath, migrateSqlite, openSqlite } from '@/db/open'
import { closePgPools, describePostgresHost, pgPool } from '@/db/pg'
import { pgDb } from '@/db/sql/pg-db'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { rotateConsoleSecret } from '@/lib/live/console-account'

async function main(): Promise<void> {
  const url = process.env.DRILL_DATABASE_URL?.trim()
  if (url) {
    const rekeyed = await rotateConsoleSecret(pgDb(pgPool(url)), Date.now())
    await closePgPools()
    console.log(
      `Console secret rotated at ${describePostgresHost(url)}: ${rekeyed} console account(s) re-keyed.`,
    )
    return
  }
  const sqlite = openSqlite(defaultDbPath())
  migrateSqlite(sqlite)
  const rekeyed = await rotateConsoleSecret(sqliteDb(sqlite), Date.now())
  sqlite.close()
  console.log(`Console secret rotated for ${defaultDbPath()}: ${rekeyed} console account(s) re-keyed.`)
}

main().catch((error: unknown) => {
  if (error instanceof DatabaseOpenError) {
    console.error(error.message)
    process.exit(2)
  }
  console.error(error)
  process.exit(1)
})
