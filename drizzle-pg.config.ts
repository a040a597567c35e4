// The app's PostgreSQL schema (DRILL_DATABASE_URL): `npm run db:generate:pg` writes its
// migrations into db/migrations-pg (the SQLite ones are drizzle.config.ts's).
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema-pg.ts',
  out: './db/migrations-pg',
  dbCredentials: { url: process.env.DRILL_DATABASE_URL ?? 'postgres://localhost/drill' },
})
