// The timeline's model on real engine traces: each scenario runs through the sandbox's
// own entry point (the simulator, seed 1), so these tests break when the drawing and the
// engine drift apart. Events are found by kind, not by position, where the order is not the point.
import { describe, expect, it } from 'vitest'
import type { Trace, TraceEvent, TraceEventKind } from '@/lib/engine/client'
import { runForSandbox, scenarioFromQuery } from '@/lib/sandbox/run'
import {
  cellId,
  crashGaps,
  isMessage,
  keyLabels,
  narrate,
  responseSummary,
  rowId,
  stepStates,
  unknownIntervals,
} from './model'

async function traceOf(scenarioId: string): Promise<Trace> {
  const loaded = scenarioFromQuery({ scenario: scenarioId })
  if (loaded.problem) throw new Error(loaded.problem)
  return (await runForSandbox(loaded.scenario)).trace
}

function find(
  trace: Trace,
  kind: TraceEventKind,
  where: (e: TraceEvent) => boolean = () => true,
): TraceEvent {
  const event = trace.events.find((e) => e.kind === kind && where(e))
  if (!event) throw new Error(`${trace.scenario}: no ${kind} event`)
  return event
}

const lost = await traceOf('lost-response')
const K = lost.responses[0]?.key ?? ''
const claimCommit = find(lost, 'commit', (e) =>
  (e.rows?.idempotencyKeys ?? []).some((k) => k.status === 'in_progress'),
)
const completingCommit = find(lost, 'commit', (e) => e.rows?.payments !== undefined)

describe('stepStates (lost-response)', () => {
  const states = stepStates(lost)

  it('shows no rows before the claim commits', () => {
    expect(states[0]?.tables.idempotencyKeys).toEqual([])
    expect(states[0]?.changedAt).toBeNull()
    expect(states[claimCommit.i - 1]?.tables.idempotencyKeys).toEqual([])
  })

  it('shows the empty in_progress row after the claim commits at 20 ms, every cell new', () => {
    expect(claimCommit.tMs).toBe(20)
    const state = states[claimCommit.i]!
    expect(state.tables.idempotencyKeys).toHaveLength(1)
    expect(state.tables.idempotencyKeys[0]?.status).toBe('in_progress')
    expect(state.tables.idempotencyKeys[0]?.responseStatus).toBeNull()
    expect(state.changedCells.has(cellId('idempotencyKeys', `17:${K}`, 'status'))).toBe(true)
    expect(state.changedCells.has(cellId('idempotencyKeys', `17:${K}`, 'bodyHashLabel'))).toBe(true)
  })

  it('highlights only what the completing commit changed', () => {
    const state = states[completingCommit.i]!
    expect(state.tables.payments.map((p) => p.id)).toEqual([88])
    expect(state.changedCells.has(cellId('idempotencyKeys', `17:${K}`, 'status'))).toBe(true)
    expect(state.changedCells.has(cellId('idempotencyKeys', `17:${K}`, 'responseStatus'))).toBe(true)
    expect(state.changedCells.has(cellId('idempotencyKeys', `17:${K}`, 'bodyHashLabel'))).toBe(false)
    expect(state.changedCells.has(cellId('payments', '88', 'state'))).toBe(true)
    // The ledger row came from the provider's own commit earlier: kept, not highlighted.
    expect(state.tables.ledger).toHaveLength(1)
    const ledgerRow = state.tables.ledger[0]!
    expect(state.changedCells.has(cellId('ledger', rowId.ledger(ledgerRow), 'status'))).toBe(false)
  })

  it('keeps the rows of the last commit on later steps', () => {
    const final = states.at(-1)!
    expect(final.tables.idempotencyKeys[0]?.status).toBe('completed')
    expect(final.changedAt).toBe(completingCommit.i)
  })
})

describe('narration and labels (lost-response)', () => {
  it('narrates an event in the scenario clock', () => {
    const replay = find(lost, 'claim-conflict')
    expect(narrate(lost, replay.i)).toBe('10:00:02.100 — retry finds the completed key and replays 201')
    expect(narrate(lost, claimCommit.i)).toMatch(/^10:00:00\.020 — /)
    expect(narrate(lost, lost.events.length)).toBe('no events')
  })

  it('names the first key K', () => {
    expect(keyLabels(lost).get(K)).toBe('K')
    expect(keyLabels(lost).size).toBe(1)
  })

  it('summarises a stored response the way the card says it', () => {
    const row = completingCommit.rows!.idempotencyKeys![0]!
    expect(responseSummary(row.responseStatus, row.responseBody)).toBe('201, payment 88, succeeded')
    expect(responseSummary(null, null)).toBe('empty')
  })
})

const crashed = await traceOf('crash-in-progress')
const timedOut = await traceOf('provider-timeout')

describe('crashes (crash-in-progress)', () => {
  const trace = crashed
  const crash = find(trace, 'crash')
  const restart = find(trace, 'restart')

  it('cuts a lifeline from the crash to the restart, or to the end', () => {
    expect(crashGaps(trace)).toEqual([{ actor: 'server-1', from: crash.i, to: restart.i }])
    const cutAtCrash = { ...trace, events: trace.events.slice(0, crash.i + 1) }
    expect(crashGaps(cutAtCrash)).toEqual([{ actor: 'server-1', from: crash.i, to: null }])
  })
})

describe('unknown outcomes (provider-timeout)', () => {
  const trace = timedOut
  const timeout = find(trace, 'provider-timeout')
  const pendingCommit = find(trace, 'commit', (e) => e.i > timeout.i)
  const settling = find(trace, 'commit', (e) => e.actor === 'sweeper')

  it('keeps an unknown outcome open until a commit settles it', () => {
    expect(unknownIntervals(trace)).toEqual([{ actor: 'server-1', from: timeout.i, to: settling.i }])
  })

  it('does not let the timeout’s own pending_unknown commit settle it', () => {
    expect(pendingCommit.rows?.payments?.[0]?.state).toBe('pending_unknown')
    const beforeSweep = { ...trace, events: trace.events.slice(0, settling.i) }
    expect(unknownIntervals(beforeSweep)).toEqual([{ actor: 'server-1', from: timeout.i, to: null }])
  })
})

describe('arrows (lost-response)', () => {
  it('draws a dropped response as the lost arrow only, and a received response as a mark', () => {
    const droppedSend = find(lost, 'response-sent', (e) => e.requestId === 'A')
    const dropped = find(lost, 'response-lost')
    const replaySend = find(lost, 'response-sent', (e) => e.requestId === 'A-retry')
    const received = find(lost, 'response-received')
    expect(isMessage(lost, droppedSend)).toBe(false)
    expect(isMessage(lost, dropped)).toBe(true)
    expect(isMessage(lost, replaySend)).toBe(true)
    expect(isMessage(lost, received)).toBe(false)
    expect(isMessage(lost, find(lost, 'client-timeout'))).toBe(false)
  })
})
