// The device's grade queue in IndexedDB (idb): every grade is written here first, in the
// order it was made, and sent from here, so a reload, a closed tab or a lost connection
// loses none. Synced grades stay two days (on the server's clock) with their log id, so a review
// page the service worker served from its cache can hide the cards graded since that page was rendered.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb'
import { DAY_MS } from '@/lib/calendar'

export interface QueuedGradeBody {
  cardId: string
  rating: 1 | 2 | 3 | 4
  pointsTicked: string[]
  durationMs: number
  answerMode: 'spoken' | 'typed' | 'aloud'
  /** When it was graded on this device (ISO 8601). */
  reviewedAt: string
  timezone?: string
}

export type GradeStatus =
  /** Waiting to be sent. */
  | 'pending'
  /** The server holds it (first answer or a replay). */
  | 'synced'
  /** Sent, then undone on the server (Undo): its card is due again. */
  | 'undone'
  /** The card was deleted since: kept in history, reported once. */
  | 'deleted'
  /** Refused for good (a malformed grade): dropped, reported with the deleted ones. */
  | 'refused'

export interface QueuedGrade {
  /** The review id minted on the device: the request's Idempotency-Key. */
  key: string
  /** Order of making (ms on this device, then a counter). */
  seq: number
  body: QueuedGradeBody
  status: GradeStatus
  logId?: number
  /** When the server answered, on this device's clock (what the sync status compares with the page's load). */
  settledAtMs?: number
  /** When the server answered, on the server's clock (its `Date`): what decides when the grade is forgotten. */
  settledAtServerMs?: number
  /** Set once the status region has said that this grade was for a deleted card. */
  reported?: boolean
}

interface OfflineDb extends DBSchema {
  grades: { key: string; value: QueuedGrade; indexes: { bySeq: number } }
}

const KEEP_SETTLED_MS = 2 * DAY_MS
let opened: Promise<IDBPDatabase<OfflineDb>> | null = null

function db(): Promise<IDBPDatabase<OfflineDb>> {
  opened ??= openDB<OfflineDb>('drill-offline', 1, {
    upgrade(database) {
      const grades = database.createObjectStore('grades', { keyPath: 'key' })
      grades.createIndex('bySeq', 'seq')
    },
  })
  return opened
}

let lastSeq = 0
/** Strictly increasing on this device, even for two grades in one millisecond. */
function nextSeq(nowMs: number): number {
  lastSeq = Math.max(lastSeq + 1, nowMs * 1000)
  return lastSeq
}

const listeners = new Set<() => void>()
export function onGradesChanged(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
function changed() {
  for (const listener of listeners) listener()
}

/**
 * Grades this page is sending right now while online: their card stays on screen until the
 * server answered (as before offline review), so a page opened next already counts them.
 */
const held = new Set<string>()
export function isHeld(key: string): boolean {
  return held.has(key)
}
export function holdGrade(key: string): void {
  held.add(key)
}
export function releaseGrade(key: string): void {
  if (held.delete(key)) changed()
}

export async function enqueueGrade(key: string, body: QueuedGradeBody, nowMs: number): Promise<void> {
  await (await db()).put('grades', { key, seq: nextSeq(nowMs), body, status: 'pending' })
  changed()
}

/** Every grade on the device, in the order made. */
export async function allGrades(): Promise<QueuedGrade[]> {
  return (await db()).getAllFromIndex('grades', 'bySeq')
}

export async function pendingGrades(): Promise<QueuedGrade[]> {
  return (await allGrades()).filter((g) => g.status === 'pending')
}

export async function settleGrade(
  key: string,
  outcome: { status: Exclude<GradeStatus, 'pending'>; logId?: number },
  at: { deviceMs: number; serverMs: number },
): Promise<void> {
  const database = await db()
  const grade = await database.get('grades', key)
  if (!grade) return
  await database.put('grades', {
    ...grade,
    ...outcome,
    settledAtMs: at.deviceMs,
    settledAtServerMs: at.serverMs,
  })
  changed()
}

/** Undo of a grade not yet sent: it leaves the queue and was never made. False once it was sent. */
export async function removePendingGrade(key: string): Promise<boolean> {
  const database = await db()
  const tx = database.transaction('grades', 'readwrite')
  const grade = await tx.store.get(key)
  const removable = grade?.status === 'pending'
  if (removable) await tx.store.delete(key)
  await tx.done
  if (removable) changed()
  return removable
}

export async function markReported(keys: readonly string[]): Promise<void> {
  const database = await db()
  for (const key of keys) {
    const grade = await database.get('grades', key)
    if (grade) await database.put('grades', { ...grade, reported: true })
  }
  changed()
}

/**
 * A settled grade two days old on the server's clock is forgotten (a pending one never is). Not on
 * the device's: a clock set far ahead (or moved ahead since the grade settled) forgot settled grades
 * at once, and a cached /review page then showed their cards again.
 */
export function isForgotten(grade: QueuedGrade, serverNowMs: number): boolean {
  if (grade.status === 'pending') return false
  // Settled before the server's time was kept: its device time is all there is.
  const settledMs = grade.settledAtServerMs ?? grade.settledAtMs ?? 0
  return settledMs < serverNowMs - KEEP_SETTLED_MS
}

/** Forget settled grades two days old at `serverNowMs`, the server's time of its latest answer. */
export async function pruneSettled(serverNowMs: number): Promise<void> {
  const database = await db()
  for (const grade of await database.getAll('grades'))
    if (isForgotten(grade, serverNowMs)) await database.delete('grades', grade.key)
}

/** The server's Undo took back review log `logId`: a grade of this device that made it is undone. */
export async function markUndone(logId: number): Promise<void> {
  const database = await db()
  for (const grade of await database.getAll('grades'))
    if (grade.logId === logId && grade.status === 'synced')
      await database.put('grades', { ...grade, status: 'undone' })
  changed()
}
