// The flaws run on the SQLite store only: the live engine never runs a flaw, and the blind
// writes they need (the port's FlawStore) exist only on that adapter. `now` takes a port
// call's answer as the plain value a synchronous store gives, so a flaw's steps keep the
// schedule they always had.
import type { EngineContext } from '../protocol/context'
import { type FlawStore, isFlawStore, isPending, type Maybe, type SyncEngineStore } from '../store-port'

const SQLITE_ONLY = 'The flaws run on the SQLite store only (the live engine runs none).'

export function flawStore(e: EngineContext): SyncEngineStore & FlawStore {
  if (!isFlawStore(e.store)) throw new Error(SQLITE_ONLY)
  return e.store
}

export function now<T>(value: Maybe<T>): T {
  if (isPending(value)) throw new Error(SQLITE_ONLY)
  return value
}
