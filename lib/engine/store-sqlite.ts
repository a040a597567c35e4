// The store port's SQLite adapter (better-sqlite3): every method answers synchronously, so
// the simulator's schedule is the same as if the protocol called the statements itself.
// Each method is one statement (store.ts), or one BEGIN IMMEDIATE … COMMIT around the
// statements of one step; the write lock is taken up front, so two live requests never
// deadlock upgrading a read.
import type Database from 'better-sqlite3'
import { type Statements, statementsFor } from './store'
import type {
  Claimed,
  Completed,
  FlawStore,
  KeyCompletion,
  KeyRow,
  OnCommit,
  PaymentCompletion,
  PaymentWrite,
  RefundCompletion,
  RefundRejection,
  RefundReservation,
  SyncEngineStore,
} from './store-port'

/** The adapter: the port (synchronous), the flaws' writes, and the whole key table for the simulator. */
export type SqliteEngineStore = SyncEngineStore &
  FlawStore & {
    /** Every key row, in claim order (the simulator's final sweeps look for open ones). */
    allKeys(): KeyRow[]
  }

/** Thrown inside a transaction to roll it back and answer `value`. */
class Abort<T> {
  constructor(readonly value: T) {}
}

const adapters = new WeakMap<Database.Database, SqliteEngineStore>()

/** One adapter per connection, shared by every engine instance on it (its statements are prepared once). */
export function sqliteStore(sqlite: Database.Database): SqliteEngineStore {
  let store = adapters.get(sqlite)
  if (!store) {
    store = sqliteStoreOn(sqlite, statementsFor(sqlite))
    adapters.set(sqlite, store)
  }
  return store
}

// The steps inside one transaction, on the connection's prepared statements.

/** Runs `fn` in one write transaction (BEGIN IMMEDIATE); rolls back on throw (an Abort answers its value). */
function inTransaction<T>(sqlite: Database.Database, s: Statements, fn: () => T): T {
  s.begin.run()
  try {
    const result = fn()
    s.commit.run()
    return result
  } catch (error) {
    if (sqlite.inTransaction) s.rollback.run()
    if (error instanceof Abort) return error.value as T
    throw error
  }
}

/** Inside the claim's transaction: reserve the refund's money, or abort with why not. */
function reserve(s: Statements, r: RefundReservation): void {
  const current = s.paymentGet.get(r.paymentId)!
  if (current.state !== 'succeeded')
    throw new Abort<RefundRejection>({ rejected: 'not-refundable', state: current.state })
  if (s.refundReserve.run(r.amountMinor, r.paymentId, r.accountId, r.amountMinor).changes !== 1)
    throw new Abort<RefundRejection>({
      rejected: 'over-refund',
      amountMinor: current.amount_minor,
      refundedMinor: current.refunded_minor,
    })
}

function writePaymentRow(s: Statements, p: PaymentWrite): number {
  const { state, failureCode, chargeId, nowMs } = p
  if (p.id !== null) {
    s.paymentSettle.run({ id: p.id, state, failureCode, chargeId, nowMs })
    return p.id
  }
  return Number(
    s.paymentInsert.run({
      accountId: p.accountId,
      orderId: p.orderId,
      amountMinor: p.amountMinor,
      currency: p.currency,
      state,
      failureCode,
      chargeId,
      key: p.idempotencyKey,
      nowMs,
    }).lastInsertRowid,
  )
}

function finishKey(s: Statements, k: KeyCompletion, resourceId: number, responseBody: string): boolean {
  const statement = k.fence === 'none' ? s.finishBlind : s.finish
  return statement.run({ ...k, resourceId, responseBody }).changes === 1
}

/** Payment row, stored response, key completed; aborts (nothing written) when the fence holds. */
function completePaymentNow(s: Statements, c: PaymentCompletion): Completed {
  const id = writePaymentRow(s, c.payment)
  const body = c.responseBody(s.paymentGet.get(id)!)
  if (!finishKey(s, c.key, id, body)) throw new Abort(undefined)
  return { resourceId: id, responseBody: body }
}

function writeRefundRow(s: Statements, r: RefundCompletion['refund']): number {
  if (r.id !== null) {
    s.refundSettle.run({ id: r.id, state: r.state, refundId: r.providerRefundId })
    return r.id
  }
  return Number(
    s.refundInsert.run({
      paymentId: r.paymentId,
      accountId: r.accountId,
      amountMinor: r.amountMinor,
      state: r.state,
      refundId: r.providerRefundId,
      key: r.idempotencyKey,
      nowMs: r.nowMs,
    }).lastInsertRowid,
  )
}

/** Refund row, stored response, key completed; aborts (nothing written) when the fence holds. */
function completeRefundNow(s: Statements, c: RefundCompletion): Completed {
  const id = writeRefundRow(s, c.refund)
  const body = c.responseBody(s.refundGet.get(id)!)
  if (!finishKey(s, c.key, id, body)) throw new Abort(undefined)
  return { resourceId: id, responseBody: body }
}

function committedWith<T>(result: T, committed: OnCommit<NonNullable<T>> | undefined): T {
  if (result !== undefined && committed) committed(result as NonNullable<T>)
  return result
}

function sqliteStoreOn(sqlite: Database.Database, s: Statements): SqliteEngineStore {
  const transaction = <T>(fn: () => T): T => inTransaction(sqlite, s, fn)

  return {
    getKey: (scope, key) => s.keyGet.get(scope, key),
    claim(claim): Claimed {
      const won = s.claim.run(claim).changes === 1
      return { won, row: s.keyGet.get(claim.scope, claim.key)! }
    },
    claimRefund(claim, reservation) {
      const won = transaction((): boolean => {
        if (s.claim.run(claim).changes !== 1) return false
        reserve(s, reservation)
        return true
      }) as boolean | RefundRejection
      if (typeof won === 'object') return won
      return { won, row: s.keyGet.get(claim.scope, claim.key)! }
    },
    takeOver(t, committed) {
      if (s.takeOver.run(t.leaseUntilMs, t.scope, t.key, t.version, t.nowMs).changes !== 1) return undefined
      return committedWith(s.keyGet.get(t.scope, t.key), committed)
    },
    reopenPending: (r) => s.reopenPending.run(r.leaseUntilMs, r.scope, r.key, r.version).changes === 1,
    completePayment: (completion, committed) =>
      committedWith(
        transaction((): Completed | undefined => completePaymentNow(s, completion)),
        committed,
      ),
    completeRefund: (completion, committed) =>
      committedWith(
        transaction((): Completed | undefined => completeRefundNow(s, completion)),
        committed,
      ),
    getPayment: (id) => s.paymentGet.get(id),
    expiredLeases: (nowMs) => s.expiredLeases.all(nowMs),
    pendingKeys: () => s.pendingKeys.all(),
    reapableKeys: (nowMs) => s.reapable.all(nowMs),
    reap(rows, nowMs, committed) {
      const purged = transaction(() => {
        let n = 0
        for (const row of rows) n += s.reap.run(row.account_id, row.key, nowMs).changes
        return n
      })
      committed?.(purged)
      return purged
    },
    pendingByProviderKey: (providerKey) => s.pendingByProviderKey.get(providerKey),
    knowsProviderKey: (providerKey) => (s.keyByProviderKey.get(providerKey)?.n ?? 0) > 0,
    allKeys: () => s.keysAll.all(),

    claimBlind: (claim, reservation) =>
      transaction((): RefundRejection | undefined => {
        s.claimBlind.run({ ...claim, status: 'in_progress' })
        if (reservation) reserve(s, reservation)
        return undefined
      }),
    claimBlindAndCompletePayment: (claim, completion) =>
      transaction((): Completed | undefined => {
        s.claimBlind.run({ ...claim, status: 'in_progress' })
        return completePaymentNow(s, completion)
      }),
    writePayment: (payment) => s.paymentGet.get(transaction(() => writePaymentRow(s, payment)))!,
    completeKey: (key, resourceId, responseBody) =>
      transaction(() => finishKey(s, key, resourceId, responseBody)),
  }
}
