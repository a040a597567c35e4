// Records the trace: every event at its virtual time and, after each commit, the
// full content of each table the commit touched. Body hashes become 'h1', 'h2' …
// in order of first sight.
import type Database from 'better-sqlite3'
import type { SimulatedProvider } from '../provider-sim'
import { keySnapshots, paymentSnapshots, refundSnapshots } from '../store'
import type {
  KeyRowView,
  LedgerRowView,
  PaymentRowView,
  RefundRowView,
  RowSnapshot,
  TraceEvent,
} from '../trace'
import type { TracedTable, TraceInput, TraceSink } from '../trace-sink'
import type { VirtualClock } from './queue'

export class TraceRecorder implements TraceSink {
  readonly events: TraceEvent[] = []
  private readonly labels = new Map<string, string>()
  /** Set when the run hit its event limit. */
  overflowed = false
  private keys: (() => KeyRowView[]) | undefined
  private payments: (() => PaymentRowView[]) | undefined
  private refunds: (() => RefundRowView[]) | undefined
  private ledger: (() => LedgerRowView[]) | undefined

  /** `snapshots: false` records events only (a run whose rows nobody reads or checks). */
  constructor(
    private readonly clock: VirtualClock,
    private readonly sqlite: Database.Database,
    private readonly provider: () => SimulatedProvider,
    private readonly maxEvents: number,
    private readonly snapshots = true,
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
    if (this.snapshots && touched && touched.length > 0) event.rows = this.snapshot(touched)
    this.events.push(event)
  }

  private snapshot(touched: readonly TracedTable[]): RowSnapshot {
    const rows: RowSnapshot = {}
    for (const table of touched) {
      // Each table's mirror is made at its first snapshot (most runs never touch refunds).
      if (table === 'idempotencyKeys') {
        this.keys ??= keySnapshots(this.sqlite, this.hashLabel)
        rows.idempotencyKeys = this.keys()
      } else if (table === 'payments') {
        this.payments ??= paymentSnapshots(this.sqlite)
        rows.payments = this.payments()
      } else if (table === 'refunds') {
        this.refunds ??= refundSnapshots(this.sqlite)
        rows.refunds = this.refunds()
      } else {
        this.ledger ??= this.provider().ledgerSnapshots()
        rows.ledger = this.ledger()
      }
    }
    return rows
  }
}
