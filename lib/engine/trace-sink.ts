// The engine's trace port. The simulator records every event with its virtual
// time and, after each commit, snapshots the tables it touched; live, the sink is
// absent (or a structured log).
import type { TraceEvent } from './trace'

/** Tables a commit can touch; the recorder snapshots each named one in full. */
export type TracedTable = 'idempotencyKeys' | 'payments' | 'refunds' | 'ledger'

/** An event as the engine or provider reports it; the recorder adds index, time and hash label. */
export type TraceInput = Omit<TraceEvent, 'i' | 'tMs' | 'rows' | 'bodyHashLabel'> & {
  /** Full sha256 of the request body; the recorder turns it into 'h1', 'h2' … */
  bodyHash?: string
}

export interface TraceSink {
  record(event: TraceInput, touched?: readonly TracedTable[]): void
}
