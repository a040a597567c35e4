// The simulator's time: a discrete-event queue ordered by (virtual time, priority, sequence).
// Nothing here reads the wall clock; the runner drains it one event at a time.

interface Scheduled {
  tMs: number
  /** Lower fires first among events at the same time (client timeouts before new sends). */
  priority: number
  seq: number
  run: () => void
}

/** A binary min-heap on (tMs, seq): ties fire in the order they were scheduled. */
export class EventQueue {
  private heap: Scheduled[] = []
  private seq = 0

  get size(): number {
    return this.heap.length
  }

  push(tMs: number, run: () => void, priority = 1): void {
    const item = { tMs, priority, seq: this.seq++, run }
    const h = this.heap
    h.push(item)
    let i = h.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!before(h[i]!, h[parent]!)) break
      ;[h[i], h[parent]] = [h[parent]!, h[i]!]
      i = parent
    }
  }

  pop(): Scheduled | undefined {
    const h = this.heap
    const top = h[0]
    const last = h.pop()
    if (h.length > 0 && last) {
      h[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < h.length && before(h[l]!, h[m]!)) m = l
        if (r < h.length && before(h[r]!, h[m]!)) m = r
        if (m === i) break
        ;[h[i], h[m]] = [h[m]!, h[i]!]
        i = m
      }
    }
    return top
  }
}

function before(a: Scheduled, b: Scheduled): boolean {
  return (
    a.tMs < b.tMs ||
    (a.tMs === b.tMs && (a.priority < b.priority || (a.priority === b.priority && a.seq < b.seq)))
  )
}

/** Virtual time: `nowMs()` is the scenario's start instant plus elapsed virtual ms. */
export class VirtualClock {
  /** Virtual ms since the scenario start. */
  elapsedMs = 0

  constructor(
    readonly startMs: number,
    readonly queue: EventQueue,
  ) {}

  nowMs(): number {
    return this.startMs + this.elapsedMs
  }

  /** Runs `fn` at elapsed time `atMs` (or now, if that has passed). */
  at(atMs: number, fn: () => void, priority = 1): void {
    this.queue.push(Math.max(atMs, this.elapsedMs), fn, priority)
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.queue.push(this.elapsedMs + Math.max(0, ms), resolve))
  }
}
