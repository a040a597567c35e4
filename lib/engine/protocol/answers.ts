// Step 2 of the card: a request whose claim conflicted is answered from the row it
// found, never by doing the work again. Completed → replay the stored response;
// pending_unknown → its current 202; another body → 422; in_progress → 409 (or wait
// for the first result), unless its lease ran out: then this retry takes it over.
import { inFlightResponse, mismatchResponse, replay } from '../responses'
import { isPending, type KeyRow, type Maybe, type OnCommit } from '../store-port'
import type { EngineResponse } from '../types'
import {
  type Answer,
  commit,
  type EngineContext,
  keyRow,
  locationFor,
  type Req,
  reach,
  record,
} from './context'
import { drive } from './drive'
import { say } from './narration'

/**
 * Answers a request whose claim conflicted with `row`. `mayTakeOver` is false for
 * an attempt that just lost its lease: it answers from the row and stands down,
 * so two attempts can never keep stealing a short lease from each other.
 */
export async function answerExisting(
  e: EngineContext,
  row: KeyRow,
  req: Req,
  deadlineMs?: number,
  mayTakeOver = true,
): Promise<EngineResponse> {
  const mismatch = e.steps.checkBody(e, row, req)
  if (mismatch) return mismatch
  if (row.status === 'completed') return e.steps.replayCompleted(e, row, req, deadlineMs !== undefined)
  if (row.status === 'pending_unknown') return e.steps.answerPending(e, row, req)
  // in_progress
  const nowMs = e.clock.nowMs()
  if (mayTakeOver && e.steps.leaseExpired(e, row, nowMs)) {
    const taking = takeOver(e, row, nowMs, () => {
      record(e, 'lease-takeover', req, say.leaseTakeover(req.key), { from: e.actor, to: 'db' })
      commit(e, req, say.leaseTakenOver(req.key), ['idempotencyKeys'])
    })
    const taken = isPending(taking) ? await taking : taking
    if (taken) return drive(e, taken, req)
    const found = keyRow(e, row.account_id, row.key)
    const now = isPending(found) ? await found : found
    if (now) return answerExisting(e, now, req, deadlineMs)
  }
  const policy = e.config.inFlightPolicy
  const maxWaitMs = req.waitMs ?? (policy.kind === 'wait' ? policy.maxWaitMs : 0)
  if (maxWaitMs > 0) {
    if (deadlineMs === undefined) {
      deadlineMs = nowMs + maxWaitMs
      record(e, 'wait', req, say.waiting(req.key, maxWaitMs))
    }
    while (e.clock.nowMs() < deadlineMs) {
      await e.clock.sleep(Math.min(e.config.waitPollMs, deadlineMs - e.clock.nowMs()))
      const found = keyRow(e, row.account_id, row.key)
      const latest = isPending(found) ? await found : found
      if (!latest) break
      const leaseOver = e.steps.leaseExpired(e, latest, e.clock.nowMs())
      if (latest.status !== 'in_progress' || latest.lease_version !== row.lease_version || leaseOver)
        return answerExisting(e, latest, req, deadlineMs, mayTakeOver)
    }
  }
  return e.steps.rejectInFlight(e, row, req)
}

/**
 * The answer of an attempt that lost its lease while it worked (a slow provider, a loaded server:
 * a sweep or a retry took the key over and re-drives it under the same provider key, so the
 * charge stays one). The attempt won the claim, so it still owes its client the key's answer,
 * never a 409 for its own claim (issue 45): it stands down (no takeover) and waits, up to
 * `leaseLostWaitMs` (the live engine: one lease), for the stored answer, then gives it as a
 * replay. Only a key still in flight after that answers 409.
 */
export async function answerAfterLeaseLost(e: EngineContext, row: KeyRow, req: Req): Answer {
  const found = keyRow(e, row.account_id, row.key)
  const latest = isPending(found) ? await found : found
  if (!latest) return inFlightResponse(e.config.inFlightPolicy.retryAfterS)
  return answerExisting(e, latest, { ...req, waitMs: e.config.leaseLostWaitMs ?? 0 }, undefined, false)
}

/**
 * The conditional update that moves an expired lease to this attempt (one winner, in SQL):
 * the row after it, or undefined when another attempt won. `committed` records the trace.
 */
export function takeOver(
  e: EngineContext,
  row: KeyRow,
  nowMs: number,
  committed?: OnCommit<KeyRow>,
): Maybe<KeyRow | undefined> {
  const takeover = {
    scope: row.account_id,
    key: row.key,
    version: row.lease_version,
    nowMs,
    leaseUntilMs: nowMs + e.config.leaseMs,
  }
  return e.store.takeOver(takeover, committed)
}

/** pending_unknown → in_progress under a new lease (one winner, in SQL). */
export function reopen(e: EngineContext, row: KeyRow): Maybe<boolean> {
  return e.store.reopenPending({
    scope: row.account_id,
    key: row.key,
    version: row.lease_version,
    leaseUntilMs: e.clock.nowMs() + e.config.leaseMs,
  })
}

// ── the correct steps ──

export function checkBody(e: EngineContext, row: KeyRow, req: Req): Answer | undefined {
  if (row.body_hash === req.hash) return undefined
  return rejectMismatch(e, req)
}

async function rejectMismatch(e: EngineContext, req: Req): Answer {
  record(e, 'claim-conflict', req, say.mismatch(req.key), { from: 'db', to: e.actor })
  await reach(e, 'before-response', req)
  return mismatchResponse()
}

export async function replayCompleted(e: EngineContext, row: KeyRow, req: Req, waited: boolean): Answer {
  record(e, 'claim-conflict', req, say.replay(row, req.requestId, waited), { from: 'db', to: e.actor })
  await reach(e, 'before-response', req)
  return replay(row.response_status ?? 500, row.response_body ?? '', locationFor(e, row))
}

export async function answerPending(e: EngineContext, row: KeyRow, req: Req): Answer {
  record(e, 'claim-conflict', req, say.pendingAnswer(req.key), { from: 'db', to: e.actor })
  await reach(e, 'before-response', req)
  return replay(row.response_status ?? 202, row.response_body ?? '', locationFor(e, row), 'pending')
}

export function leaseExpired(_e: EngineContext, row: KeyRow, nowMs: number): boolean {
  return row.lease_until_ms <= nowMs
}

export async function rejectInFlight(e: EngineContext, _row: KeyRow, req: Req): Answer {
  const { retryAfterS } = e.config.inFlightPolicy
  record(e, 'claim-conflict', req, say.inFlight(req.key, retryAfterS), { from: 'db', to: e.actor })
  await reach(e, 'before-response', req)
  return inFlightResponse(retryAfterS)
}
