import { describe, expect, it } from 'vitest'
import { CHECKER_STEPS, type CheckResult, type TimelineEvent } from '@/lib/check-server/types'
import { crashGaps, isMessage, shortLabel } from '../timeline/model'
import { checkTrace, MAX_DRAWN_EVENTS } from './report-trace'

const ev = (
  atMs: number,
  from: TimelineEvent['from'],
  to: TimelineEvent['to'],
  kind: TimelineEvent['kind'],
  what: string,
  status?: number,
): TimelineEvent => ({ atMs, from, to, kind, ...(status === undefined ? {} : { status }), what })
const failing = (timeline: TimelineEvent[]): CheckResult => ({
  id: 'crash-after-charge',
  verdict: 'fail',
  violation: 'double-charge',
  invariant: 'I1',
  invariantName: 'single effect',
  reason: 'the provider charged 2 times for one intent',
  timeline,
})

// As the real checker logs a crash-after-charge failure (charge-before-insert, no stored claim).
const crash = failing([
  ev(0, 'client', 'server', 'request', 'POST /payments key k as acct_a {"amount":1954}'),
  ev(3, 'server', 'provider', 'provider-call', 'POST /charges 1954 USD key pk_1: charged ch_19'),
  ev(3, 'client', 'server', 'kill', CHECKER_STEPS.kill),
  ev(7, 'server', 'client', 'no-answer', 'no answer: the connection dropped'),
  ev(7, 'client', 'server', 'restart', CHECKER_STEPS.restart),
  ev(228, 'client', 'server', 'retry', 'retry POST /payments key k as acct_a {"amount":1954}'),
  ev(271, 'server', 'provider', 'provider-call', 'POST /charges 1954 USD key pk_2: charged ch_20'),
  ev(271, 'provider', 'server', 'provider-answer', '201 ch_20 succeeded', 201),
  ev(
    297,
    'server',
    'provider',
    'provider-deduped',
    'POST /charges 1954 USD key pk_2: repeated key, returns ch_20',
  ),
  ev(301, 'server', 'client', 'response', '201 {"id":"pay_8","status":"succeeded"}', 201),
])

describe('checkTrace', () => {
  it('draws the checker’s messages as arrows between its three lanes, labelled by what they are', () => {
    const trace = checkTrace(crash, 7)
    expect(trace.actors.map((a) => a.id)).toEqual(['client', 'server', 'provider'])
    expect(trace.events.map((e) => [isMessage(trace, e), shortLabel(e)])).toEqual([
      [true, 'POST /payments'],
      [true, 'charge'],
      [false, 'crash'],
      [true, 'lost'],
      [false, 'restart'],
      [true, 'retry POST'],
      [true, 'charge'],
      [true, 'accepted'],
      [true, 'deduped'],
      [true, '201'],
    ])
  })

  it('cuts the server’s lifeline from the kill -9 to its restart', () => {
    expect(crashGaps(checkTrace(crash, 7))).toEqual([{ actor: 'server', from: 2, to: 4 }])
  })

  it('keeps every event’s time and its full sentence, untouched, for the text log', () => {
    const hostile = '<img src=x onerror=alert(1)>'
    const trace = checkTrace(failing([ev(12, 'provider', 'server', 'provider-dropped', hostile)]), 3)
    expect(trace.events).toEqual([
      expect.objectContaining({ i: 0, tMs: 12, detail: hostile, kind: 'response-lost', actor: 'provider' }),
    ])
    expect(trace).toMatchObject({ scenario: 'crash-after-charge', seed: 3 })
  })

  it('reads only the typed kind and status, never the sentence', () => {
    // A sentence that reads like another event changes nothing: the kind decides.
    const trace = checkTrace(
      failing([
        ev(1, 'client', 'server', 'request', 'retry kill -9 201 repeated key'),
        ev(2, 'server', 'client', 'response', 'no answer: 500', 409),
      ]),
      1,
    )
    expect(trace.events.map((e) => [e.kind, e.status])).toEqual([
      ['request-sent', undefined],
      ['response-sent', 409],
    ])
  })

  it('marks a duplicate sent while the first is in flight', () => {
    const trace = checkTrace(
      failing([ev(4, 'client', 'server', 'duplicate', 'duplicate POST /payments key k')]),
      1,
    )
    expect(shortLabel(trace.events[0]!)).toBe('POST /payments (duplicate)')
  })

  it(`draws at most ${MAX_DRAWN_EVENTS} events of a huge timeline`, () => {
    const many = Array.from({ length: MAX_DRAWN_EVENTS + 5 }, (_, i) =>
      ev(i, 'client', 'server', 'request', 'POST'),
    )
    expect(checkTrace(failing(many), 1).events).toHaveLength(MAX_DRAWN_EVENTS)
  })
})
