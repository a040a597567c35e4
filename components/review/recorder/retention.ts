// Which stored recordings to drop after a new one is saved. Pure, so the rules are
// unit-tested apart from IndexedDB: one recording per card and review round (a new
// take replaces the old), the latest two per card (this answer and "Last time"), and
// a total size cap across cards, oldest dropped first.

export interface StoredRecordingMeta {
  id: string
  cardId: string
  /** The review round the recording belongs to (the card's last review id, or "first"). */
  round: string
  recordedAtMs: number
  sizeBytes: number
}

export interface RetentionLimits {
  perCard: number
  totalBytes: number
}

/** Latest two per card; 50 MB in all is about 3½ hours of speech at the browser's usual ~32 kbit/s. */
export const RECORDING_LIMITS: RetentionLimits = { perCard: 2, totalBytes: 50 * 1024 * 1024 }

const newestFirst = (a: StoredRecordingMeta, b: StoredRecordingMeta) =>
  b.recordedAtMs - a.recordedAtMs || b.id.localeCompare(a.id)

/**
 * Ids to delete once `saved` is stored alongside `existing`. The recording just saved is
 * always kept, even if it alone is over the cap (dropping what the learner just said would surprise).
 */
export function recordingsToDrop(
  existing: readonly StoredRecordingMeta[],
  saved: StoredRecordingMeta,
  limits: RetentionLimits = RECORDING_LIMITS,
): string[] {
  const drop = new Set<string>()
  const others = existing.filter((r) => r.id !== saved.id)
  for (const r of others) if (r.cardId === saved.cardId && r.round === saved.round) drop.add(r.id)

  const kept = [saved, ...others.filter((r) => !drop.has(r.id))].sort(newestFirst)
  const seenPerCard = new Map<string, number>()
  for (const r of kept) {
    const seen = (seenPerCard.get(r.cardId) ?? 0) + 1
    seenPerCard.set(r.cardId, seen)
    if (seen > limits.perCard) drop.add(r.id)
  }

  let total = kept.filter((r) => !drop.has(r.id)).reduce((sum, r) => sum + r.sizeBytes, 0)
  for (const r of [...kept].reverse()) {
    if (total <= limits.totalBytes) break
    if (r.id === saved.id || drop.has(r.id)) continue
    drop.add(r.id)
    total -= r.sizeBytes
  }
  return [...drop]
}

/** "Your answer" is this round's take; "Last time" the newest take of an earlier round. */
export function pickRecordings<T extends StoredRecordingMeta>(
  forCard: readonly T[],
  round: string,
): { current: T | null; previous: T | null } {
  const sorted = [...forCard].sort(newestFirst)
  return {
    current: sorted.find((r) => r.round === round) ?? null,
    previous: sorted.find((r) => r.round !== round) ?? null,
  }
}
