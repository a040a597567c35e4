// Sending the device's grade queue to POST /api/review/grade, oldest first, each under
// its own Idempotency-Key, so a retry after a lost response is answered from the
// server's replay table and never counted twice. Runs on page load, on `online` (a flush cut
// short then tries again within 5 s), every 30 s while something waits, and right after each grade. One flush at a time per tab
// (two tabs sending the same grade are harmless: the key makes it one).
import { lastClockSkew, noteClockSkew, serverTimeAt, skewFrom } from './clock-skew'
import { pendingGrades, pruneSettled, type QueuedGrade, settleGrade } from './grade-store'

export const SYNC_EVERY_MS = 30_000

/**
 * A flush cut short is tried again after these waits (1 s, then 2 s more: within 5 s of the cut),
 * then every SYNC_EVERY_MS as before: the `online` event often comes a moment before the
 * connection carries requests, and a queue should not sit for 30 s over that moment.
 */
export const RETRY_SOON_MS = [1_000, 2_000] as const

/** The wait before try `tries + 1` of a flush cut short; null: leave it to the SYNC_EVERY_MS timer. */
export function retrySoonAfter(tries: number): number | null {
  return RETRY_SOON_MS[tries] ?? null
}

export interface FlushOutcome {
  /** Grades the server now holds (first answers and replays). */
  synced: number
  /** The server could not be reached (or asked to wait): the rest stay queued. */
  stopped: boolean
}

let running: Promise<FlushOutcome> | null = null

/** Sends every pending grade once, in order; stops at the first that cannot be sent now. */
export function flushGrades(): Promise<FlushOutcome> {
  running ??= flush().finally(() => {
    running = null
  })
  return running
}

async function flush(): Promise<FlushOutcome> {
  let synced = 0
  let serverNowMs: number | null = null
  for (const grade of await pendingGrades()) {
    const sent = await send(grade)
    if (sent.serverMs !== undefined) serverNowMs = sent.serverMs
    if (sent.kind === 'later') return { synced, stopped: true }
    if (sent.kind === 'synced') synced += 1
  }
  // Old settled grades are forgotten by the server's time of its latest answer (the device's clock
  // may be far off, or have moved since the last answer): with nothing sent, they wait for one.
  if (serverNowMs !== null) await pruneSettled(serverNowMs)
  return { synced, stopped: false }
}

type Sent = { kind: 'synced' | 'settled' | 'later'; serverMs?: number }

async function send(grade: QueuedGrade): Promise<Sent> {
  let response: Response
  // When this try leaves the device (each retry anew): with reviewedAt, the server learns how
  // long ago the grade was made, whatever this device's clock says (lib/review/device-time.ts).
  const sentAtMs = Date.now()
  try {
    response = await fetch('/api/review/grade', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': grade.key },
      body: JSON.stringify({ ...grade.body, sentAt: new Date(sentAtMs).toISOString() }),
      credentials: 'same-origin',
    })
  } catch {
    return { kind: 'later' } // offline, or the response was lost: the same key goes again later
  }
  const deviceMs = Date.now()
  const dateHeader = response.headers.get('date')
  const skew = skewFrom(sentAtMs, deviceMs, dateHeader)
  if (skew !== null) noteClockSkew(skew)
  const now = { deviceMs, serverMs: serverTimeAt(deviceMs, dateHeader, lastClockSkew()) }
  const sent = (kind: Sent['kind']): Sent => ({ kind, serverMs: now.serverMs })
  if (response.status === 201 || response.status === 200) {
    const body = (await response.json().catch(() => ({}))) as { logId?: number; cardDeleted?: boolean }
    await settleGrade(
      grade.key,
      { status: body.cardDeleted ? 'deleted' : 'synced', ...(body.logId ? { logId: body.logId } : {}) },
      now,
    )
    return sent(body.cardDeleted ? 'settled' : 'synced')
  }
  if (response.status === 404) {
    await settleGrade(grade.key, { status: 'deleted' }, now)
    return sent('settled')
  }
  // 400 (malformed) and 422 (the key names another grade) can never succeed.
  if (response.status === 400 || response.status === 422) {
    await settleGrade(grade.key, { status: 'refused' }, now)
    return sent('settled')
  }
  if (response.status === 409) {
    const problem = (await response.json().catch(() => ({}))) as { type?: string }
    // Only a key still in flight is worth waiting for; any other conflict cannot change.
    if (problem.type !== '/problems/grade-key-in-flight') {
      await settleGrade(grade.key, { status: 'refused' }, now)
      return sent('settled')
    }
  }
  // 409 in flight, 429, 5xx: the same key again later.
  return sent('later')
}
