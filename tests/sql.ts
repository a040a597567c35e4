// Raw SQL for a test that checks rows as stored (column names, hashes, counts):
// tests may look under the named queries; the app never does (db/README.md).
import type { Sqlite } from '@/db/open'

/** The first row the statement returns, as the test says it looks. */
export function rowOf<Row>(sqlite: Sqlite, sql: string, ...params: unknown[]): Row {
  return sqlite.prepare(sql).get(...params) as Row
}
