// Lease recovery's re-drive slots: at most `limit` tasks at once, the rest waiting in
// arrival order. One set per engine, shared by every recovery pass, so the bound holds
// when passes overlap. A task that finds a free slot starts synchronously, in its
// caller's tick (so a pass with one stuck key runs exactly as it always did).
export type Slots = <T>(task: () => Promise<T>) => Promise<T>

export function boundedSlots(limit: number): Slots {
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

/** What an engine's recovery passes share: their slots and the keys queued or being re-driven. */
export interface RecoveryState {
  readonly slot: Slots
  /** (account, key) ids a pass has queued or is re-driving: an overlapping pass leaves them alone. */
  readonly inHand: Set<string>
}

export function recoveryState(concurrency: number): RecoveryState {
  return { slot: boundedSlots(concurrency), inHand: new Set() }
}
