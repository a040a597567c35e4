// `npm run migrate` (also run by `npm start` and the test setup): applies the
// committed migrations to DRILL_DB and seeds the demo accounts; the CLI also migrates
// the PostgreSQL databases DRILL_DATABASE_URL / DRILL_PROVIDER_DATABASE_URL name, when set.
import { DatabaseOpenError, defaultDbPath, migrateSqlite, openSqlite } from './open'
import { seedDemoAccounts } from './seed'

export function migrateDatabase(dbPath: string = defaultDbPath()): void {
  const sqlite = openSqlite(dbPath)
  try {
    migrateSqlite(sqlite)
    seedDemoAccounts(sqlite, Date.now())
  } finally {
    sqlite.close()
  }
}

const invokedDirectly = process.argv[1]?.replace(/\\/g, '/').endsWith('db/migrate.ts')
if (invokedDirectly) {
  try {
    migrateDatabase()
    console.log(`Database ready at ${defaultDbPath()}`)
    if (process.env.DRILL_DATABASE_URL?.trim() || process.env.DRILL_PROVIDER_DATABASE_URL?.trim())
      // Loaded only then: without PostgreSQL the CLI runs exactly as it always has.
      void import('./migrate-pg').then(({ migratePostgresFromEnvOrExit }) => migratePostgresFromEnvOrExit())
  } catch (error) {
    if (error instanceof DatabaseOpenError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}
