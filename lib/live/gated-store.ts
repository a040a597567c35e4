// The live engine's SQLite store, passed through the connection's gate (db/sql/gate.ts): the
// study side shares the app's connection and holds the gate while its async transactions run,
// so an engine step never lands inside one of them (and never vanishes with its rollback).
// While the gate is open a step runs at once and answers its plain value, exactly as before.

import type { Sqlite } from '@/db/open'
import { gateOf } from '@/db/sql/gate'
import { type EngineStore, type SqliteEngineStore, sqliteStore } from '@/lib/engine'

export function gatedSqliteStore(sqlite: Sqlite): EngineStore {
  const store: SqliteEngineStore = sqliteStore(sqlite)
  const gate = gateOf(sqlite)
  const gated = {} as Record<string, unknown>
  for (const name of Object.keys(store) as (keyof EngineStore)[]) {
    const method = store[name] as (...args: unknown[]) => unknown
    gated[name] = (...args: unknown[]) => gate.run(() => method.apply(store, args))
  }
  return gated as unknown as EngineStore
}
