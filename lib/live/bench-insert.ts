// The benchmark's baseline: one plain SQLite insert per request, on the app's own
// connection, so `npm run bench:api` can say what idempotency costs over HTTP.
// Only exists when DRILL_BENCH=1 (the table is created on first use, never migrated).
import 'server-only'
import type { Statement } from 'better-sqlite3'
import { sqlite } from '@/db/client'

export function benchEnabled(): boolean {
  return process.env.DRILL_BENCH === '1'
}

const holder = globalThis as unknown as { drillBenchInsert?: Statement }

export function insertBenchRow(body: string, nowMs: number): number {
  if (!holder.drillBenchInsert) {
    const db = sqlite()
    db.exec(
      'CREATE TABLE IF NOT EXISTS bench_inserts (id INTEGER PRIMARY KEY, body TEXT NOT NULL, created_at_ms INTEGER NOT NULL)',
    )
    holder.drillBenchInsert = db.prepare(
      'INSERT INTO bench_inserts (body, created_at_ms) VALUES (?, ?) RETURNING id',
    )
  }
  return (holder.drillBenchInsert.get(body, nowMs) as { id: number }).id
}
