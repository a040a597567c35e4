// The one idiom of db/queries: each area builds its named functions once per data layer
// (db/sql: a SQLite connection's or a PostgreSQL pool's, or a transaction's) and hands them
// back, so the app, the tests (an in-memory database each) and the bench share one module.
// The statements themselves are prepared once per connection by the layer, keyed by their text.
export function perConnection<Connection extends object, Queries>(
  prepare: (connection: Connection) => Queries,
): (connection: Connection) => Queries {
  const cache = new WeakMap<Connection, Queries>()
  return (connection) => {
    let queries = cache.get(connection)
    if (!queries) {
      queries = prepare(connection)
      cache.set(connection, queries)
    }
    return queries
  }
}
