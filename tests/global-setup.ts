// Vitest global setup: unit tests that touch the app database get their own,
// freshly migrated file (never a developer's ./data/drill.db).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { migrateDatabase } from '../db/migrate'

export default function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-unit-'))
  process.env.DRILL_DB = path.join(dir, 'drill.db')
  process.env.DRILL_PROVIDER_DB = path.join(dir, 'provider.db')
  migrateDatabase(process.env.DRILL_DB)
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
