// One SQLite connection, many async callers. better-sqlite3 runs each statement (and each
// synchronous `transaction()`) to the end before anything else runs, but a study transaction
// on the async data layer (db/sql/db.ts) awaits between its statements: anything another
// request runs on the same connection in those gaps would land INSIDE that transaction (and
// vanish with its rollback). The gate closes for the length of such a transaction; every other
// user of the connection (the study layer's single statements, the live engine's store steps,
// the live API's reads and writes) passes through it: at once, synchronously, while it is open,
// and after the transaction when it is not.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Sqlite } from '../open'

export interface Gate {
  /** `step` now when the gate is open (its value as is), else a Promise of it once the gate opens. */
  run<T>(step: () => T): T | Promise<T>
  /**
   * Holds the gate for the whole of `body` (a transaction); callers queue in order. Whatever
   * `body` itself calls (however deep, across awaits) passes: it is the transaction's own work.
   */
  hold<T>(body: () => Promise<T>): Promise<T>
}

export function createGate(): Gate {
  let closed: Promise<void> | null = null
  const holder = new AsyncLocalStorage<true>()
  const gate: Gate = {
    run<T>(step: () => T): T | Promise<T> {
      if (closed === null || holder.getStore()) return step()
      return closed.then(() => gate.run(step) as T | Promise<T>)
    },
    async hold<T>(body: () => Promise<T>): Promise<T> {
      if (holder.getStore()) return body()
      while (closed !== null) await closed
      let open!: () => void
      closed = new Promise<void>((resolve) => {
        open = resolve
      })
      try {
        return await holder.run(true, body)
      } finally {
        closed = null
        open()
      }
    },
  }
  return gate
}

// On globalThis, not in this module: Next bundles instrumentation.ts (the live engine's sweeps)
// apart from the routes, so this file may be loaded twice in one process, and two gates on one
// connection guard nothing — a sweep's BEGIN then lands in a study transaction that yields
// (an Anki import between chunks) and its failure handler rolls that transaction back.
const shared = globalThis as unknown as { drillSqliteGates?: WeakMap<Sqlite, Gate> }
shared.drillSqliteGates ??= new WeakMap<Sqlite, Gate>()
const gates = shared.drillSqliteGates

/** The one gate of a connection, shared by everything in this process that uses it. */
export function gateOf(sqlite: Sqlite): Gate {
  let gate = gates.get(sqlite)
  if (!gate) {
    gate = createGate()
    gates.set(sqlite, gate)
  }
  return gate
}
