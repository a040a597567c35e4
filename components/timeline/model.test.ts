import { describe, expect, it } from 'vitest'
import { lostResponseFixture as trace } from './fixtures/lost-response'
import {
  cellId,
  crashGaps,
  isMessage,
  keyLabels,
  narrate,
  responseSummary,
  stepStates,
  unknownIntervals,
} from './model'

const K = '7c1a0e44-2b19-4f6a-9d30-1a8e5b6c7d90'
const payment = (state: 'succeeded' | 'pending_unknown') => ({
  id: 88,
  accountId: 17,
  orderId: '42',
  amountMinor: 2500,
  currency: 'USD',
  state,
})

describe('stepStates', () => {
  const states = stepStates(trace)

  it('shows no rows before the claim commits', () => {
    expect(states[0]?.tables.idempotencyKeys).toEqual([])
    expect(states[0]?.changedAt).toBeNull()
  })

  it('shows the empty in_progress row after the insert at 20 ms, every cell new', () => {
    const state = states[1]!
    expect(state.tables.idempotencyKeys).toHaveLength(1)
    expect(state.tables.idempotencyKeys[0]?.status).toBe('in_progress')
    expect(state.changedCells.has(cellId('idempotencyKeys', `17:${K}`, 'status'))).toBe(true)
    expect(state.changedCells.has(cellId('idempotencyKeys', `17:${K}`, 'bodyHashLabel'))).toBe(true)
  })

  it('highlights only what the completing commit changed', () => {
    const state = states[4]!
    expect(state.tables.payments.map((p) => p.id)).toEqual([88])
    expect(state.changedCells.has(cellId('idempotencyKeys', `17:${K}`, 'status'))).toBe(true)
    expect(state.changedCells.has(cellId('idempotencyKeys', `17:${K}`, 'responseStatus'))).toBe(true)
    expect(state.changedCells.has(cellId('idempotencyKeys', `17:${K}`, 'bodyHashLabel'))).toBe(false)
    expect(state.changedCells.has(cellId('payments', '88', 'state'))).toBe(true)
    // The ledger row came from the provider's own commit earlier: kept, not highlighted.
    expect(state.tables.ledger).toHaveLength(1)
    expect(state.changedCells.has(cellId('ledger', 'ch_1', 'status'))).toBe(false)
  })

  it('keeps the rows of the last commit on later steps', () => {
    const final = states.at(-1)!
    expect(final.tables.idempotencyKeys[0]?.status).toBe('completed')
    expect(final.changedAt).toBe(4)
  })
})

describe('narration and labels', () => {
  it('narrates an event in the scenario clock', () => {
    expect(narrate(trace, 8)).toBe('10:00:02.100 — retry finds the completed key and replays 201')
    expect(narrate(trace, 1)).toMatch(/^10:00:00\.020 — /)
  })

  it('names the first key K', () => {
    expect(keyLabels(trace).get(K)).toBe('K')
  })

  it('summarises a stored response the way the card says it', () => {
    const row = trace.events[4]!.rows!.idempotencyKeys![0]!
    expect(responseSummary(row.responseStatus, row.responseBody)).toBe('201, payment 88, succeeded')
    expect(responseSummary(null, null)).toBe('empty')
  })
})

describe('crashes and unknown outcomes', () => {
  const base = trace.events.slice(0, 3)
  it('cuts a lifeline from the crash to the restart, or to the end', () => {
    const withCrash = {
      ...trace,
      events: [
        ...base,
        { i: 3, tMs: 420, actor: 'server-1', kind: 'crash' as const, detail: 'server dies' },
        { i: 4, tMs: 900, actor: 'server-1', kind: 'restart' as const, detail: 'server restarts' },
      ],
    }
    expect(crashGaps(withCrash)).toEqual([{ actor: 'server-1', from: 3, to: 4 }])
    expect(crashGaps({ ...withCrash, events: withCrash.events.slice(0, 4) })).toEqual([
      { actor: 'server-1', from: 3, to: null },
    ])
  })

  it('keeps an unknown outcome open until a commit settles it', () => {
    const withTimeout = {
      ...trace,
      events: [
        ...base,
        {
          i: 3,
          tMs: 1000,
          actor: 'server-1',
          kind: 'provider-timeout' as const,
          detail: 'the call times out',
        },
      ],
    }
    expect(unknownIntervals(withTimeout)).toEqual([{ actor: 'server-1', from: 3, to: null }])
    const settled = {
      ...withTimeout,
      events: [
        ...withTimeout.events,
        { i: 4, tMs: 1500, actor: 'sweeper', kind: 'provider-lookup' as const, detail: 'asks the provider' },
        {
          i: 5,
          tMs: 1500,
          actor: 'sweeper',
          kind: 'commit' as const,
          detail: 'settles',
          rows: { payments: [payment('succeeded')] },
        },
      ],
    }
    expect(unknownIntervals(settled)).toEqual([{ actor: 'server-1', from: 3, to: 5 }])
    // The timeout's own pending_unknown commit does not settle it.
    const pendingOnly = {
      ...withTimeout,
      events: [
        ...withTimeout.events,
        {
          i: 4,
          tMs: 1000,
          actor: 'server-1',
          kind: 'commit' as const,
          detail: 'records pending',
          rows: { payments: [payment('pending_unknown')] },
        },
      ],
    }
    expect(unknownIntervals(pendingOnly)).toEqual([{ actor: 'server-1', from: 3, to: null }])
  })
})

describe('arrows', () => {
  it('draws a dropped response as the lost arrow only, and a received response as a mark', () => {
    const sent = {
      i: 11,
      tMs: 450,
      actor: 'server-1',
      kind: 'response-sent' as const,
      requestId: 'A',
      from: 'server-1',
      to: 'client-A',
      detail: 'sends',
    }
    const lost = { ...sent, i: 12, kind: 'response-lost' as const, detail: 'dropped' }
    const withSendAndLoss = { ...trace, events: [sent, lost] }
    expect(isMessage(withSendAndLoss, sent)).toBe(false)
    expect(isMessage(withSendAndLoss, lost)).toBe(true)
    expect(isMessage({ ...trace, events: [sent] }, sent)).toBe(true)
    const received = trace.events[10]!
    expect(isMessage(trace, { ...received, from: 'server-1', to: 'client-A' })).toBe(false)
  })
})
