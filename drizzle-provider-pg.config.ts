// The simulated provider's ledger on PostgreSQL (DRILL_PROVIDER_DATABASE_URL), its own
// database and its own migrations folder: `npm run db:generate:pg` writes both.
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema-provider-pg.ts',
  out: './db/migrations-provider-pg',
  dbCredentials: { url: process.env.DRILL_PROVIDER_DATABASE_URL ?? 'postgres://localhost/drill_provider' },
})
