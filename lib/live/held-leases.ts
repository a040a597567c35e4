// Which leases the current request holds, on PostgreSQL: the engine store's claims, takeovers and
// reopens this request wrote, recorded per request (AsyncLocalStorage), so a request cut short by
// a thrown error — a lost connection — hands its key back (db/lease-release-pg.ts) and leaves no
// key half-claimed. A write whose answer was lost may have committed: it stays noted, fenced on
// the lease it wrote. A sweep's takeovers run outside any request and are not recorded.
import { AsyncLocalStorage } from 'node:async_hooks'
import type pg from 'pg'
import { type HeldLease, releaseLeases } from '@/db/lease-release-pg'
import type { EngineStore } from '@/lib/engine'

export function heldLeases(pool: pg.Pool) {
  const held = new AsyncLocalStorage<HeldLease[]>()

  /** Notes the lease `write` may take; keeps it (with its version) if won or unanswered, drops it if lost. */
  async function noted<T>(
    lease: { scope: number; key: string; leaseUntilMs: number },
    write: () => Promise<T>,
    versionIfWon: (result: T) => number | null,
  ): Promise<T> {
    const leases = held.getStore()
    if (!leases) return write()
    const entry: HeldLease = { ...lease, version: null }
    leases.push(entry)
    const result = await write() // a throw keeps the entry: the write may have committed
    const version = versionIfWon(result)
    if (version === null) leases.splice(leases.indexOf(entry), 1)
    else entry.version = version
    return result
  }

  /** `store` with every lease this request writes noted. */
  function noting(store: EngineStore): EngineStore {
    return {
      ...store,
      claim: (claim) =>
        noted(
          claim,
          async () => store.claim(claim),
          (r) => (r.won ? r.row.lease_version : null),
        ),
      claimRefund: (claim, reservation) =>
        noted(
          claim,
          async () => store.claimRefund(claim, reservation),
          (r) => ('won' in r && r.won ? r.row.lease_version : null),
        ),
      takeOver: (takeover, committed) =>
        noted(
          takeover,
          async () => store.takeOver(takeover, committed),
          (row) => row?.lease_version ?? null,
        ),
      reopenPending: (reopen) =>
        noted(
          reopen,
          async () => store.reopenPending(reopen),
          (ok) => (ok ? reopen.version + 1 : null),
        ),
    }
  }

  /** Runs `step` (one request's engine call); when it throws, the leases it wrote end now, then it rethrows. */
  async function standingDownOnThrow<T>(step: () => Promise<T>): Promise<T> {
    const leases: HeldLease[] = []
    try {
      return await held.run(leases, step)
    } catch (error) {
      if (leases.length > 0) await releaseLeases(pool, leases)
      throw error
    }
  }

  return { noting, standingDownOnThrow }
}
