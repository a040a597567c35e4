// The idempotent payment engine. Claim before effect: one atomic insert of
// (account, key) before any side effect; the provider is called with OUR key;
// success is one transaction (payment row + stored response + key completed).
// Each classic mistake is a config switch, so the sandbox can show what it breaks.
import type Database from 'better-sqlite3'
import { canonicalJson, sha256Hex } from './canonical'
import type { EngineStep, FaultHooks, StepContext } from './faults'
import { readPaymentBody } from './payment-body'
import type { ChargeOutcome, PaymentProvider, RefundOutcome } from './provider'
import {
  fresh,
  inFlightResponse,
  invalidResponse,
  mismatchResponse,
  notFoundResponse,
  notRefundableResponse,
  overRefundResponse,
  paymentBody,
  paymentLocation,
  paymentStatus,
  refundBody,
  refundStatus,
  replay,
} from './responses'
import { type CreatePaymentBody, fieldErrors, refundBodySchema } from './schemas'
import {
  inTransaction,
  type KeyRow,
  type KeyStatus,
  type Operation,
  type ResourceState,
  type Store,
  storeFor,
} from './store'
import type { TraceEventKind } from './trace'
import type { TracedTable, TraceSink } from './trace-sink'
import {
  type Clock,
  type CreatePaymentInput,
  DEFAULT_RECOVERY_CONCURRENCY,
  type EngineConfig,
  type EngineResponse,
  engineConfig,
  type Flaw,
  type ProviderWebhook,
  type RefundPaymentInput,
  type SweepReport,
  type WebhookResult,
} from './types'

export interface CreateEngineOptions {
  /** Our database (the app's file live, an in-memory copy of the migrations in the simulator). */
  sqlite: Database.Database
  clock: Clock
  provider: PaymentProvider
  /** Defaults to the correct engine; pass `{ flaws: [...] }` to switch mistakes on. */
  config?: Partial<EngineConfig>
  /** Simulator only: latency and crashes at named steps. */
  faults?: FaultHooks
  /** Simulator only: records events and row snapshots. */
  trace?: TraceSink
  /** This server instance's lane in the trace ('server-1'). */
  actor?: string
  /**
   * Lease recovery: how many stuck keys this engine re-drives at once, over all its
   * passes (default DEFAULT_RECOVERY_CONCURRENCY, 32). Live: DRILL_RECOVERY_CONCURRENCY.
   */
  recoveryConcurrency?: number
}

export interface Engine {
  readonly config: EngineConfig
  /** POST /payments with an Idempotency-Key. Never throws for expected outcomes. */
  createPayment(input: CreatePaymentInput): Promise<EngineResponse>
  /** POST /payments/{id}/refunds with its own Idempotency-Key. */
  refundPayment(input: RefundPaymentInput): Promise<EngineResponse>
  /** Re-drives in_progress keys past their lease with the same provider key (one winner per key, in SQL). */
  recoverLeases(): Promise<SweepReport>
  /** Settles pending_unknown keys by asking the provider under our key. */
  reconcile(): Promise<SweepReport>
  /** Deletes completed keys past their TTL; never in_progress or pending_unknown. */
  reapExpiredKeys(): Promise<SweepReport>
  /** One pass of all three sweeps, in that order. */
  sweepOnce(): Promise<SweepReport[]>
  /** A provider webhook settling a charge made under our key. */
  handleWebhook(webhook: ProviderWebhook): Promise<WebhookResult>
}

/** Internal: who is asking, for the trace and the fault hooks. */
interface Req extends StepContext {
  /** The stored scope: the account, or 0 under `global-scope`. */
  scope: number
  hash: string
  waitMs?: number
}

interface PaymentIntent extends CreatePaymentBody {}
interface RefundIntent {
  amount: number
  paymentId: number
}

/**
 * At most `limit` tasks at once; the rest wait in arrival order. A task that finds a
 * free slot starts synchronously, in its caller's tick (so a one-key recovery pass
 * runs exactly as it always did).
 */
function boundedSlots(limit: number) {
  let free = Math.max(1, limit)
  const waiting: (() => void)[] = []
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (free > 0) free--
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else free++
    }
  }
}

/** Thrown inside a transaction when the fenced update finds another attempt owns the key. */
class LeaseLost extends Error {}
class RefundRejected extends Error {
  constructor(readonly response: EngineResponse) {
    super(response.kind)
  }
}

export function createEngine(options: CreateEngineOptions): Engine {
  const { sqlite, clock, provider, faults, trace } = options
  const config = engineConfig(options.config)
  const actor = options.actor ?? 'server'
  const store: Store = storeFor(sqlite)
  const tx = <T>(fn: () => T): T => inTransaction(sqlite, store, fn)
  const flaws = new Set<Flaw>(config.flaws)
  const flaw = (f: Flaw) => flaws.has(f)
  /** Blind writes (no fence) for the flaws whose whole point is that nothing guards the row. */
  const blindWrites = flaw('select-then-insert') || flaw('charge-before-insert')
  let requestCounter = 0

  // ─────────────── small helpers ───────────────

  function step(name: EngineStep, req: Req): Promise<void> | undefined {
    return faults?.reached(name, req)
  }

  function record(
    kind: TraceEventKind,
    req: Req | undefined,
    detail: string,
    extra: {
      from?: string
      to?: string
      chargeId?: string
      providerKey?: string | null
      sweep?: 'lease-recovery' | 'reconciliation' | 'reaper'
      status?: number
    } = {},
    touched?: readonly TracedTable[],
  ): void {
    if (!trace) return
    trace.record(
      {
        actor,
        kind,
        detail,
        ...(req
          ? { requestId: req.requestId, accountId: req.accountId, key: req.key, bodyHash: req.hash }
          : {}),
        ...extra,
      },
      touched,
    )
  }

  function commit(req: Req | undefined, detail: string, touched: readonly TracedTable[]): void {
    record('commit', req, detail, { from: actor, to: 'db' }, touched)
  }

  const short = (key: string) => (key.length > 12 ? `${key.slice(0, 8)}…` : key)

  function providerKeyFor(operation: Operation, scope: number, key: string, createdAtMs: number): string {
    // Derived from the key row (scope, key, claim time): a new intent after expiry gets a new one.
    return `pk_${sha256Hex(`${operation}:${scope}:${key}:${createdAtMs}`).slice(0, 20)}`
  }

  function locationFor(row: KeyRow): string | undefined {
    return row.operation === 'create_payment' && row.resource_id !== null
      ? paymentLocation(row.resource_id)
      : undefined
  }

  function keyRow(scope: number, key: string): KeyRow | undefined {
    return store.keyGet.get(scope, key)
  }

  function newReq(
    accountId: number,
    key: string,
    hash: string,
    requestId: string | undefined,
    waitMs?: number,
  ): Req {
    return {
      requestId: requestId ?? `req-${++requestCounter}`,
      accountId,
      key,
      scope: flaw('global-scope') ? 0 : accountId,
      hash,
      ...(waitMs !== undefined ? { waitMs } : {}),
    }
  }

  function sweepReq(row: KeyRow, requestId: string): Req {
    return { requestId, accountId: row.account_id, key: row.key, scope: row.account_id, hash: row.body_hash }
  }

  // ─────────────── the claim ───────────────

  /** The new key row's parameters, claimed at `nowMs`: its lease and its expiry start now. */
  function claimRow(req: Req, operation: Operation, requestBody: string, nowMs: number) {
    return {
      scope: req.scope,
      key: req.key,
      operation,
      bodyHash: req.hash,
      requestBody,
      providerKey: providerKeyFor(operation, req.scope, req.key, nowMs),
      leaseUntilMs: nowMs + config.leaseMs,
      createdAtMs: nowMs,
      expiresAtMs: nowMs + config.keyTtlMs,
    }
  }

  /** Tries the atomic claim. Returns the claimed row, or the existing row it conflicted with. */
  async function claim(
    req: Req,
    operation: Operation,
    requestBody: string,
    insideClaim?: () => void,
  ): Promise<{ won: true; row: KeyRow } | { won: false; row: KeyRow }> {
    if (flaw('select-then-insert')) {
      const existing = keyRow(req.scope, req.key)
      if (existing && !(existing.status === 'completed' && existing.expires_at_ms <= clock.nowMs()))
        return { won: false, row: existing }
      record(
        'claim-lookup',
        req,
        `server looks up ${short(req.key)} and sees no row (nothing is reserved yet)`,
        {
          from: actor,
          to: 'db',
        },
      )
      const pending = step('before-claim', req)
      if (pending) await pending
      const nowMs = clock.nowMs()
      tx(() => {
        store.claimBlind.run({ ...claimRow(req, operation, requestBody, nowMs), status: 'in_progress' })
        insideClaim?.()
      })
      const row = keyRow(req.scope, req.key)!
      record(
        'claim-inserted',
        req,
        `server writes the claim for ${short(req.key)} without a conflict check`,
        {
          from: actor,
          to: 'db',
        },
      )
      commit(req, `claim committed: ${short(req.key)} in_progress, empty response`, ['idempotencyKeys'])
      return { won: true, row }
    }
    const nowMs = clock.nowMs()
    const prior = keyRow(req.scope, req.key)
    // Fast path for a retry: a live row answers without attempting a write.
    if (prior && !(prior.status === 'completed' && prior.expires_at_ms <= nowMs))
      return { won: false, row: prior }
    const attempt = () => {
      const inserted = store.claim.run(claimRow(req, operation, requestBody, nowMs)).changes === 1
      if (inserted) insideClaim?.()
      return inserted
    }
    // One statement is atomic on its own; a refund's reservation needs the transaction.
    const won = insideClaim ? tx(attempt) : attempt()
    if (!won) return { won: false, row: keyRow(req.scope, req.key)! }
    if (prior)
      record(
        'key-expired',
        req,
        `the old row for ${short(req.key)} was past its TTL: this request starts a new intent`,
      )
    record(
      'claim-inserted',
      req,
      `server inserts the claim for ${short(req.key)}: no row existed, so this is the first attempt`,
      {
        from: actor,
        to: 'db',
      },
    )
    // A conflicting insert writes nothing; a winning one waits for its commit (the simulator's database latency).
    const committing = step('before-claim', req)
    if (committing) await committing
    const row = keyRow(req.scope, req.key)!
    commit(req, `claim committed before any side effect: ${short(req.key)} in_progress, empty response`, [
      'idempotencyKeys',
    ])
    return { won: true, row }
  }

  // ─────────────── a key that already exists ───────────────

  /**
   * Answers a request whose claim conflicted with `row`. `mayTakeOver` is false for
   * an attempt that just lost its lease: it answers from the row and stands down,
   * so two attempts can never keep stealing a short lease from each other.
   */
  async function answerExisting(
    row: KeyRow,
    req: Req,
    deadlineMs?: number,
    mayTakeOver = true,
  ): Promise<EngineResponse> {
    if (!flaw('no-body-check') && row.body_hash !== req.hash) {
      record(
        'claim-conflict',
        req,
        `the insert conflicts and the stored hash differs: ${short(req.key)} was used for another request → 422, row unchanged`,
        { from: 'db', to: actor },
      )
      const pending = step('before-response', req)
      if (pending) await pending
      return mismatchResponse()
    }
    if (row.status === 'completed') {
      record(
        'claim-conflict',
        req,
        row.body_hash !== req.hash
          ? `the body differs but nothing checks it: the old ${row.response_status} is replayed`
          : deadlineMs !== undefined
            ? `the first request completed while ${req.requestId} waited: it returns the stored ${row.response_status}`
            : `retry finds the completed key and replays ${row.response_status}`,
        { from: 'db', to: actor },
      )
      const pending = step('before-response', req)
      if (pending) await pending
      return replay(row.response_status ?? 500, row.response_body ?? '', locationFor(row))
    }
    if (row.status === 'pending_unknown') {
      if (flaw('no-provider-key') && reopen(row)) {
        record(
          'note',
          req,
          'the outcome is unknown and there is no key to ask the provider with: the server charges again blindly',
        )
        return drive({ ...row, status: 'in_progress', lease_version: row.lease_version + 1 }, req)
      }
      record(
        'claim-conflict',
        req,
        `retry finds ${short(req.key)} pending_unknown: answer the current state (202), charge nothing`,
        {
          from: 'db',
          to: actor,
        },
      )
      const pending = step('before-response', req)
      if (pending) await pending
      return replay(row.response_status ?? 202, row.response_body ?? '', locationFor(row), 'pending')
    }
    // in_progress
    const nowMs = clock.nowMs()
    if (mayTakeOver && !flaw('no-lease') && row.lease_until_ms <= nowMs) {
      const won =
        store.takeOver.run(nowMs + config.leaseMs, row.account_id, row.key, row.lease_version, nowMs)
          .changes === 1
      if (won) {
        record(
          'lease-takeover',
          req,
          `the lease on ${short(req.key)} has expired: this retry takes the row over and resumes`,
          {
            from: actor,
            to: 'db',
          },
        )
        commit(req, `lease taken over: ${short(req.key)} stays in_progress under a new lease`, [
          'idempotencyKeys',
        ])
        return drive(keyRow(row.account_id, row.key)!, req)
      }
      const now = keyRow(row.account_id, row.key)
      if (now) return answerExisting(now, req, deadlineMs)
    }
    const policy = config.inFlightPolicy
    const maxWaitMs = req.waitMs ?? (policy.kind === 'wait' ? policy.maxWaitMs : 0)
    if (maxWaitMs > 0) {
      if (deadlineMs === undefined) {
        deadlineMs = nowMs + maxWaitMs
        record(
          'wait',
          req,
          `${short(req.key)} is in_progress: wait up to ${maxWaitMs} ms for the first request's result`,
        )
      }
      while (clock.nowMs() < deadlineMs) {
        await clock.sleep(Math.min(config.waitPollMs, deadlineMs - clock.nowMs()))
        const latest = keyRow(row.account_id, row.key)
        if (!latest) break
        const leaseOver = !flaw('no-lease') && latest.lease_until_ms <= clock.nowMs()
        if (latest.status !== 'in_progress' || latest.lease_version !== row.lease_version || leaseOver)
          return answerExisting(latest, req, deadlineMs)
      }
    }
    record(
      'claim-conflict',
      req,
      `${short(req.key)} is still in_progress${flaw('no-lease') ? ' (no lease: it never expires)' : ''}: 409, retry after ${policy.retryAfterS} s`,
      { from: 'db', to: actor },
    )
    const pending = step('before-response', req)
    if (pending) await pending
    return inFlightResponse(policy.retryAfterS)
  }

  /** pending_unknown → in_progress under a new lease (one winner, in SQL). */
  function reopen(row: KeyRow): boolean {
    return (
      store.reopenPending.run(clock.nowMs() + config.leaseMs, row.account_id, row.key, row.lease_version)
        .changes === 1
    )
  }

  // ─────────────── doing the work ───────────────

  function drive(row: KeyRow, req: Req): Promise<EngineResponse> {
    return row.operation === 'create_payment' ? drivePayment(row, req) : driveRefund(row, req)
  }

  /**
   * Traces the call, then charges the intent under `providerKey` (null: no key is passed).
   * Not async: the caller awaits the provider's own promise, so no extra tick shifts the schedule.
   */
  function callProviderCharge(
    req: Req,
    intent: PaymentIntent,
    providerKey: string | null,
    detail: string,
  ): Promise<ChargeOutcome> {
    record('provider-call', req, detail, { from: actor, to: 'provider', providerKey })
    return provider.charge({
      providerKey,
      accountId: req.accountId,
      amountMinor: intent.amount,
      currency: intent.currency,
      paymentMethodToken: intent.paymentMethodToken,
      requestId: req.requestId,
      caller: actor,
      clientKey: req.key,
    })
  }

  async function drivePayment(row: KeyRow, req: Req): Promise<EngineResponse> {
    const intent = JSON.parse(row.request_body) as PaymentIntent
    const providerKey = flaw('no-provider-key') ? null : row.provider_key
    const outcome = await callProviderCharge(
      req,
      intent,
      providerKey,
      providerKey === null
        ? `server asks the provider to charge ${intent.amount} ${intent.currency} without an idempotency key`
        : `server asks the provider to charge ${intent.amount} ${intent.currency} under our key ${providerKey}`,
    )
    return settlePayment(row, req, intent, outcome)
  }

  async function settlePayment(row: KeyRow, req: Req, intent: PaymentIntent, outcome: ChargeOutcome) {
    switch (outcome.kind) {
      case 'accepted': {
        const pending = step('after-provider-accept', req)
        if (pending) await pending
        return finishPayment(row, req, intent, 'succeeded', outcome.chargeId)
      }
      case 'declined':
        return finishPayment(row, req, intent, 'failed', null)
      case 'timeout':
        record(
          'provider-timeout',
          req,
          'the provider call times out: the charge may or may not exist (unknown outcome)',
          {
            from: 'provider',
            to: actor,
            providerKey: flaw('no-provider-key') ? null : row.provider_key,
          },
        )
        return finishPayment(row, req, intent, 'pending_unknown', null)
      case 'unavailable':
        record(
          'note',
          req,
          'the provider is down: the payment is held as pending and retried later under the same key',
        )
        return finishPayment(row, req, intent, 'pending_unknown', null)
    }
  }

  async function finishPayment(
    row: KeyRow,
    req: Req,
    intent: PaymentIntent,
    state: ResourceState,
    chargeId: string | null,
    lateClaim?: () => void,
  ): Promise<EngineResponse> {
    const keyStatus: KeyStatus = state === 'pending_unknown' ? 'pending_unknown' : 'completed'
    const status = paymentStatus(state)
    const writePayment = (): number => {
      const nowMs = clock.nowMs()
      if (row.resource_id !== null) {
        store.paymentSettle.run({
          id: row.resource_id,
          state,
          failureCode: state === 'failed' ? 'card_declined' : null,
          chargeId,
          nowMs,
        })
        return row.resource_id
      }
      return Number(
        store.paymentInsert.run({
          accountId: req.accountId,
          orderId: intent.orderId,
          amountMinor: intent.amount,
          currency: intent.currency,
          state,
          failureCode: state === 'failed' ? 'card_declined' : null,
          chargeId,
          key: req.key,
          nowMs,
        }).lastInsertRowid,
      )
    }
    const finishKey = (paymentId: number, body: string) => {
      const params = {
        status: keyStatus,
        responseStatus: status,
        responseBody: body,
        resourceId: paymentId,
        scope: row.account_id,
        key: row.key,
        version: row.lease_version,
        expiresAtMs: clock.nowMs() + config.keyTtlMs,
      }
      const changed = (blindWrites ? store.finishBlind : store.finish).run(params).changes === 1
      if (!changed) throw new LeaseLost()
    }
    let body: string
    let paymentId: number
    try {
      if (flaw('split-commit') && row.resource_id === null && !lateClaim) {
        paymentId = tx(writePayment)
        body = paymentBody(store.paymentGet.get(paymentId)!)
        commit(req, `payment ${paymentId} committed on its own; ${short(row.key)} is still in_progress`, [
          'payments',
        ])
        const pending = step('after-payment-row', req)
        if (pending) await pending
        tx(() => finishKey(paymentId, body))
        commit(req, `a second transaction marks ${short(row.key)} ${keyStatus} with the stored ${status}`, [
          'idempotencyKeys',
        ])
      } else {
        ;[paymentId, body] = tx((): [number, string] => {
          lateClaim?.()
          const id = writePayment()
          const text = paymentBody(store.paymentGet.get(id)!)
          finishKey(id, text)
          return [id, text]
        })
        commit(
          req,
          lateClaim
            ? `only now the key row is written: payment ${paymentId}, ${short(row.key)} ${keyStatus}`
            : keyStatus === 'completed'
              ? row.resource_id !== null
                ? `one transaction settles payment ${paymentId} as ${state} and marks ${short(row.key)} completed with the stored ${status}`
                : `one transaction writes payment ${paymentId} and marks ${short(row.key)} completed with the stored ${status}`
              : `one transaction records payment ${paymentId} and ${short(row.key)} as pending_unknown (202 stored)`,
          ['idempotencyKeys', 'payments'],
        )
        const pending = step('after-payment-row', req)
        if (pending) await pending
      }
    } catch (error) {
      if (!(error instanceof LeaseLost)) throw error
      record(
        'note',
        req,
        `this attempt lost its lease on ${short(row.key)} to another attempt: it writes nothing and answers from the row`,
      )
      const latest = keyRow(row.account_id, row.key)
      return latest
        ? answerExisting(latest, { ...req, waitMs: 0 }, undefined, false)
        : inFlightResponse(config.inFlightPolicy.retryAfterS)
    }
    const pending = step('before-response', req)
    if (pending) await pending
    const kind = state === 'succeeded' ? 'created' : state === 'failed' ? 'declined' : 'pending'
    return fresh(kind, status, body, paymentLocation(paymentId))
  }

  async function driveRefund(row: KeyRow, req: Req): Promise<EngineResponse> {
    const intent = JSON.parse(row.request_body) as RefundIntent
    const payment = store.paymentGet.get(intent.paymentId)!
    const providerKey = flaw('no-provider-key') ? null : row.provider_key
    record(
      'provider-call',
      req,
      `server asks the provider to refund ${intent.amount} of charge ${payment.provider_charge_id}`,
      {
        from: actor,
        to: 'provider',
        providerKey,
      },
    )
    const outcome: RefundOutcome = await provider.refund({
      providerKey,
      chargeId: payment.provider_charge_id ?? '',
      accountId: payment.account_id,
      amountMinor: intent.amount,
      currency: payment.currency,
      requestId: req.requestId,
      caller: actor,
      clientKey: req.key,
    })
    if (outcome.kind === 'timeout')
      record('provider-timeout', req, 'the refund call times out: the refund may or may not exist', {
        from: 'provider',
        to: actor,
        providerKey,
      })
    return finishRefund(
      row,
      req,
      intent,
      payment.currency,
      outcome.kind === 'refunded' ? outcome.refundId : null,
    )
  }

  async function finishRefund(
    row: KeyRow,
    req: Req,
    intent: RefundIntent,
    currency: string,
    refundId: string | null,
  ): Promise<EngineResponse> {
    const state: ResourceState = refundId === null ? 'pending_unknown' : 'succeeded'
    const status = refundStatus(state)
    let result: [number, string]
    try {
      result = tx((): [number, string] => {
        const nowMs = clock.nowMs()
        let id: number
        if (row.resource_id !== null) {
          store.refundSettle.run({ id: row.resource_id, state, refundId })
          id = row.resource_id
        } else {
          id = Number(
            store.refundInsert.run({
              paymentId: intent.paymentId,
              accountId: req.accountId,
              amountMinor: intent.amount,
              state,
              refundId,
              key: req.key,
              nowMs,
            }).lastInsertRowid,
          )
        }
        const text = refundBody(store.refundGet.get(id)!, currency)
        const params = {
          status: state === 'pending_unknown' ? 'pending_unknown' : 'completed',
          responseStatus: status,
          responseBody: text,
          resourceId: id,
          scope: row.account_id,
          key: row.key,
          version: row.lease_version,
          expiresAtMs: clock.nowMs() + config.keyTtlMs,
        }
        if (store.finish.run(params).changes !== 1) throw new LeaseLost()
        return [id, text]
      })
    } catch (error) {
      if (!(error instanceof LeaseLost)) throw error
      const latest = keyRow(row.account_id, row.key)
      return latest
        ? answerExisting(latest, { ...req, waitMs: 0 }, undefined, false)
        : inFlightResponse(config.inFlightPolicy.retryAfterS)
    }
    commit(
      req,
      `one transaction writes refund ${result[0]} and marks ${short(row.key)} ${state === 'succeeded' ? 'completed' : 'pending_unknown'}`,
      ['idempotencyKeys', 'refunds'],
    )
    const pending = step('before-response', req)
    if (pending) await pending
    return fresh(state === 'succeeded' ? 'created' : 'pending', status, result[1])
  }

  // ─────────────── the public calls ───────────────

  async function createPayment(input: CreatePaymentInput): Promise<EngineResponse> {
    const read = readPaymentBody(input.body)
    if (!read.ok) {
      const req = newReq(input.accountId, input.key, '', input.requestId)
      record(
        'validation-failed',
        { ...req, hash: '' },
        'the body fails validation: 400, nothing stored, nothing charged',
      )
      return invalidResponse(read.errors)
    }
    const requestBody = read.canonical
    const req = newReq(input.accountId, input.key, sha256Hex(requestBody), input.requestId, input.waitMs)
    if (flaw('charge-before-insert')) return chargeBeforeInsert(req, read.body, requestBody)
    const claimed = await claim(req, 'create_payment', requestBody)
    if (!claimed.won) return answerExisting(claimed.row, req)
    const pending = step('after-claim', req)
    if (pending) await pending
    return drivePayment(claimed.row, req)
  }

  /** Flaw: the provider is charged first and the key row written only afterwards. */
  async function chargeBeforeInsert(
    req: Req,
    intent: PaymentIntent,
    requestBody: string,
  ): Promise<EngineResponse> {
    const existing = keyRow(req.scope, req.key)
    if (existing && !(existing.status === 'completed' && existing.expires_at_ms <= clock.nowMs()))
      return answerExisting(existing, req)
    record(
      'claim-lookup',
      req,
      `server finds no row for ${short(req.key)} and charges first, before writing anything`,
      {
        from: actor,
        to: 'db',
      },
    )
    const startedMs = clock.nowMs()
    const providerKey = providerKeyFor('create_payment', req.scope, req.key, startedMs)
    const ghost: KeyRow = {
      account_id: req.scope,
      key: req.key,
      operation: 'create_payment',
      status: 'in_progress',
      body_hash: req.hash,
      request_body: requestBody,
      provider_key: providerKey,
      lease_until_ms: startedMs + config.leaseMs,
      lease_version: 0,
      created_at_ms: startedMs,
      expires_at_ms: startedMs + config.keyTtlMs,
      response_status: null,
      response_body: null,
      resource_id: null,
    }
    const outcome = await callProviderCharge(
      req,
      intent,
      flaw('no-provider-key') ? null : providerKey,
      `server asks the provider to charge ${intent.amount} ${intent.currency} (no row stored yet)`,
    )
    if (outcome.kind === 'accepted') {
      const pending = step('after-provider-accept', req)
      if (pending) await pending
    } else if (outcome.kind === 'timeout') {
      record('provider-timeout', req, 'the provider call times out: the charge may or may not exist', {
        from: 'provider',
        to: actor,
        providerKey: flaw('no-provider-key') ? null : providerKey,
      })
    }
    const latency = step('before-claim', req)
    if (latency) await latency
    const nowMs = clock.nowMs()
    const lateClaim = () =>
      store.claimBlind.run({
        scope: req.scope,
        key: req.key,
        operation: 'create_payment',
        status: 'in_progress',
        bodyHash: req.hash,
        requestBody,
        providerKey,
        leaseUntilMs: nowMs + config.leaseMs,
        createdAtMs: nowMs,
        expiresAtMs: nowMs + config.keyTtlMs,
      })
    const state: ResourceState =
      outcome.kind === 'accepted' ? 'succeeded' : outcome.kind === 'declined' ? 'failed' : 'pending_unknown'
    return finishPayment(
      ghost,
      req,
      intent,
      state,
      outcome.kind === 'accepted' ? outcome.chargeId : null,
      lateClaim,
    )
  }

  async function refundPayment(input: RefundPaymentInput): Promise<EngineResponse> {
    const parsed = refundBodySchema.safeParse(input.body)
    if (!parsed.success) {
      const req = newReq(input.accountId, input.key, '', input.requestId)
      record('validation-failed', req, 'the refund body fails validation: 400, nothing stored')
      return invalidResponse(fieldErrors(parsed.error))
    }
    const intent: RefundIntent = { amount: parsed.data.amount, paymentId: input.paymentId }
    const requestBody = canonicalJson(intent)
    const req = newReq(input.accountId, input.key, sha256Hex(requestBody), input.requestId, input.waitMs)
    const payment = store.paymentGet.get(input.paymentId)
    if (!payment || payment.account_id !== input.accountId) {
      record(
        'validation-failed',
        req,
        `no payment ${input.paymentId} for account ${input.accountId}: 404, nothing stored`,
      )
      return notFoundResponse('payment')
    }
    let claimed: Awaited<ReturnType<typeof claim>>
    try {
      claimed = await claim(req, 'refund_payment', requestBody, () => {
        // Inside the claim's transaction: reserve the money or roll the claim back.
        const current = store.paymentGet.get(input.paymentId)!
        if (current.state !== 'succeeded') throw new RefundRejected(notRefundableResponse(current.state))
        if (
          store.refundReserve.run(intent.amount, intent.paymentId, input.accountId, intent.amount).changes !==
          1
        )
          throw new RefundRejected(overRefundResponse(current.amount_minor, current.refunded_minor))
      })
    } catch (error) {
      if (!(error instanceof RefundRejected)) throw error
      record(
        'validation-failed',
        req,
        `refund rejected (${error.response.status}): nothing stored, nothing refunded`,
      )
      return error.response
    }
    if (!claimed.won) return answerExisting(claimed.row, req)
    const pending = step('after-claim', req)
    if (pending) await pending
    return driveRefund(claimed.row, req)
  }

  /**
   * Keys a lease-recovery pass of this engine has queued or is re-driving. The SQL
   * fence (lease_version) already gives one winner per takeover; this keeps an
   * overlapping pass of the same engine from queueing a key twice, or from taking
   * over a key whose new lease ran out while its re-drive is still running.
   */
  const recovering = new Set<string>()
  /** Re-drive slots shared by every recovery pass of this engine: the bound holds across overlapping passes. */
  const recoverySlot = boundedSlots(
    flaw('serial-recovery') ? 1 : (options.recoveryConcurrency ?? DEFAULT_RECOVERY_CONCURRENCY),
  )

  /**
   * Takes over every expired lease and re-drives the keys concurrently, at most
   * `options.recoveryConcurrency` at a time: a pass never waits on one key's provider call
   * before starting the next, so N stuck keys recover in about ceil(N / C) provider
   * latencies instead of N. A key is taken over only when a slot is free for it, so
   * a key still waiting keeps its expired lease (a retry may resume it) rather than
   * sitting on a fresh lease that nobody drives.
   */
  async function recoverLeases(): Promise<SweepReport> {
    const nowMs = clock.nowMs()
    const rows = store.expiredLeases.all(nowMs)
    if (flaw('no-lease')) {
      record(
        'sweep',
        undefined,
        `lease recovery: without a lease, ${rows.length} in_progress key(s) can never be taken over`,
        {
          sweep: 'lease-recovery',
        },
      )
      return { sweep: 'lease-recovery', examined: rows.length, settled: 0, remaining: rows.length }
    }
    record('sweep', undefined, `lease recovery finds ${rows.length} in_progress key(s) past their lease`, {
      sweep: 'lease-recovery',
    })
    let settled = 0
    const recoverOne = async (row: KeyRow): Promise<void> => {
      const req = sweepReq(row, 'sweep')
      if (
        store.takeOver.run(
          clock.nowMs() + config.leaseMs,
          row.account_id,
          row.key,
          row.lease_version,
          clock.nowMs(),
        ).changes !== 1
      )
        return
      record(
        'lease-takeover',
        req,
        `the sweep takes over ${short(row.key)} and re-drives it with the same provider key`,
        {
          from: actor,
          to: 'db',
        },
      )
      commit(req, `lease taken over by the sweep: ${short(row.key)} in_progress under a new lease`, [
        'idempotencyKeys',
      ])
      await drive(keyRow(row.account_id, row.key)!, req)
      if (keyRow(row.account_id, row.key)?.status === 'completed') settled++
    }
    const queued: Promise<void>[] = []
    for (const row of rows) {
      const id = `${row.account_id}\u0000${row.key}`
      if (recovering.has(id)) continue
      recovering.add(id)
      queued.push(recoverySlot(() => recoverOne(row)).finally(() => recovering.delete(id)))
    }
    await Promise.all(queued)
    return { sweep: 'lease-recovery', examined: rows.length, settled, remaining: rows.length - settled }
  }

  async function settleFromLookup(row: KeyRow, req: Req): Promise<boolean> {
    if (flaw('no-provider-key')) {
      if (!reopen(row)) return false
      record(
        'note',
        req,
        'nothing to look the charge up by (no provider key): the sweep charges again blindly',
      )
      await drive({ ...row, status: 'in_progress', lease_version: row.lease_version + 1 }, req)
      return keyRow(row.account_id, row.key)?.status === 'completed'
    }
    const outcome = await provider.lookup(row.provider_key)
    record(
      'provider-lookup',
      req,
      outcome.kind === 'succeeded'
        ? `asked under our key ${row.provider_key}, the provider says charge ${outcome.chargeId} succeeded`
        : outcome.kind === 'declined'
          ? `asked under our key ${row.provider_key}, the provider says the card was declined`
          : outcome.kind === 'not-found'
            ? `asked under our key ${row.provider_key}, the provider has no such charge: it is safe to send it again under the same key`
            : 'the provider cannot answer the lookup yet: the key stays pending_unknown',
      {
        from: 'provider',
        to: actor,
        providerKey: row.provider_key,
        ...(outcome.kind === 'succeeded' ? { chargeId: outcome.chargeId } : {}),
      },
    )
    const current = keyRow(row.account_id, row.key)
    if (current?.status !== 'pending_unknown') return false
    if (outcome.kind === 'unavailable') return false
    if (outcome.kind === 'not-found') {
      if (!reopen(current)) return false
      await drive({ ...current, status: 'in_progress', lease_version: current.lease_version + 1 }, req)
      return keyRow(row.account_id, row.key)?.status === 'completed'
    }
    await settleKnown(current, req, outcome.kind === 'succeeded' ? outcome.chargeId : null)
    return keyRow(row.account_id, row.key)?.status === 'completed'
  }

  /** A pending_unknown key whose outcome is now known (lookup or webhook): settle it once. */
  async function settleKnown(row: KeyRow, req: Req, chargeId: string | null): Promise<EngineResponse> {
    if (row.operation === 'create_payment') {
      const intent = JSON.parse(row.request_body) as PaymentIntent
      return finishPayment(row, req, intent, chargeId === null ? 'failed' : 'succeeded', chargeId)
    }
    const intent = JSON.parse(row.request_body) as RefundIntent
    const payment = store.paymentGet.get(intent.paymentId)!
    return finishRefund(row, req, intent, payment.currency, chargeId ?? 're_unknown')
  }

  async function reconcile(): Promise<SweepReport> {
    const rows = store.pendingKeys.all()
    record('sweep', undefined, `reconciliation finds ${rows.length} pending_unknown key(s) to settle`, {
      sweep: 'reconciliation',
    })
    let settled = 0
    for (const row of rows) {
      if (await settleFromLookup(row, sweepReq(row, 'sweep'))) settled++
    }
    return { sweep: 'reconciliation', examined: rows.length, settled, remaining: rows.length - settled }
  }

  async function reapExpiredKeys(): Promise<SweepReport> {
    const nowMs = clock.nowMs()
    const rows = store.reapable.all(nowMs)
    record('sweep', undefined, `the reaper finds ${rows.length} completed key(s) past their TTL`, {
      sweep: 'reaper',
    })
    let purged = 0
    tx(() => {
      for (const row of rows) purged += store.reap.run(row.account_id, row.key, nowMs).changes
    })
    for (const row of rows)
      record(
        'key-expired',
        sweepReq(row, 'sweep'),
        `the reaper purges ${short(row.key)}: a later request with it is a new intent`,
      )
    if (purged > 0) commit(undefined, `${purged} expired key(s) deleted`, ['idempotencyKeys'])
    return { sweep: 'reaper', examined: rows.length, settled: purged, remaining: rows.length - purged }
  }

  async function handleWebhook(webhook: ProviderWebhook): Promise<WebhookResult> {
    const row = store.pendingByProviderKey.get(webhook.providerKey)
    const arrow = {
      from: 'provider',
      to: actor,
      providerKey: webhook.providerKey,
      ...(webhook.chargeId ? { chargeId: webhook.chargeId } : {}),
    }
    if (!row) {
      const known = (store.keyByProviderKey.get(webhook.providerKey)?.n ?? 0) > 0
      record(
        'webhook',
        undefined,
        `a webhook for ${webhook.providerKey} arrives, but nothing is pending under it: ignored`,
        arrow,
      )
      return { kind: known ? 'ignored' : 'unknown-key' }
    }
    const req = sweepReq(row, 'webhook')
    record(
      'webhook',
      req,
      `the provider's webhook says the charge under ${webhook.providerKey} ${webhook.outcome}`,
      arrow,
    )
    await settleKnown(row, req, webhook.outcome === 'succeeded' ? (webhook.chargeId ?? 'unknown') : null)
    return { kind: keyRow(row.account_id, row.key)?.status === 'completed' ? 'settled' : 'ignored' }
  }

  return {
    config,
    createPayment,
    refundPayment,
    recoverLeases,
    reconcile,
    reapExpiredKeys,
    async sweepOnce() {
      return [await recoverLeases(), await reconcile(), await reapExpiredKeys()]
    },
    handleWebhook,
  }
}
