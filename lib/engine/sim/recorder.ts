// Records the trace: every event at its virtual time and, after each commit, the
// full content of each table the commit touched. Body hashes become 'h1', 'h2' …
// in order of first sight.
import type { SimulatedProvider } from '../provider-sim'
import { type Store, snapshotKeys, snapshotPayments, snapshotRefunds } from '../store'
import type { RowSnapshot, TraceEvent } from '../trace'
import type { TracedTable, TraceInput, TraceSink } from '../trace-sink'
import type { VirtualClock } from './queue'

export class TraceRecorder implements TraceSink {
  readonly events: TraceEvent[] = []
  private readonly labels = new Map<string, string>()
  /** Set when the run hit its event limit. */
  overflowed = false

  constructor(
    private readonly clock: VirtualClock,
    private readonly store: Store,
    private readonly provider: () => SimulatedProvider,
    private readonly maxEvents: number,
  ) {}

  hashLabel = (hash: string): string => {
    let label = this.labels.get(hash)
    if (label === undefined) {
      label = `h${this.labels.size + 1}`
      this.labels.set(hash, label)
    }
    return label
  }

  record(input: TraceInput, touched?: readonly TracedTable[]): void {
    if (this.events.length >= this.maxEvents) {
      this.overflowed = true
      return
    }
    const { bodyHash, ...rest } = input
    const event: TraceEvent = { i: this.events.length, tMs: this.clock.elapsedMs, ...rest }
    if (bodyHash) event.bodyHashLabel = this.hashLabel(bodyHash)
    if (touched && touched.length > 0) event.rows = this.snapshot(touched)
    this.events.push(event)
  }

  private snapshot(touched: readonly TracedTable[]): RowSnapshot {
    const rows: RowSnapshot = {}
    for (const table of touched) {
      if (table === 'idempotencyKeys') rows.idempotencyKeys = snapshotKeys(this.store, this.hashLabel)
      else if (table === 'payments') rows.payments = snapshotPayments(this.store)
      else if (table === 'refunds') rows.refunds = snapshotRefunds(this.store)
      else rows.ledger = this.provider().ledgerView()
    }
    return rows
  }
}
