// The `bench:api` baseline's one statement: a plain insert into bench_inserts, a
// table no migration makes. bench/api.ts creates it in the benchmark's own database
// before it starts the server; the route that calls this answers only with
// DRILL_BENCH=1, so no other database ever meets it.
import type { Sqlite } from '../open'
import { perConnection } from './per-connection'

/** For the bench's fixture: the table this statement writes. */
export const BENCH_INSERTS_TABLE_SQL =
  'CREATE TABLE IF NOT EXISTS bench_inserts (id INTEGER PRIMARY KEY, body TEXT NOT NULL, created_at_ms INTEGER NOT NULL)'

function prepareBenchQueries(sqlite: Sqlite) {
  const insert = sqlite.prepare('INSERT INTO bench_inserts (body, created_at_ms) VALUES (?, ?) RETURNING id')
  return {
    insertBenchRow({ body, nowMs }: { body: string; nowMs: number }): number {
      return (insert.get(body, nowMs) as { id: number }).id
    },
  }
}

export const benchQueries = perConnection(prepareBenchQueries)
