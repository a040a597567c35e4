// The one idiom of db/queries: each area prepares its statements once per
// connection, on first use, and hands back named functions over them. Preparing is
// the expensive part of a query (drizzle's builder rebuilt per call is ~2× slower
// than a prepared statement, /work/shared/STACK.md), and a WeakMap keyed by the
// connection lets the app, the tests (an in-memory database each) and the bench
// share one module without sharing statements.
import type { Sqlite } from '../open'

export function perConnection<Queries>(prepare: (sqlite: Sqlite) => Queries): (sqlite: Sqlite) => Queries {
  const cache = new WeakMap<Sqlite, Queries>()
  return (sqlite) => {
    let queries = cache.get(sqlite)
    if (!queries) {
      queries = prepare(sqlite)
      cache.set(sqlite, queries)
    }
    return queries
  }
}
