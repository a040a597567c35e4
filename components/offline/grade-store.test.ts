import { describe, expect, test } from 'vitest'
import { serverTimeAt } from './clock-skew'
import { isForgotten, type QueuedGrade } from './grade-store'

const H = 3_600_000
const SERVER = Date.parse('2026-03-10T10:00:00Z')

/** A grade the server answered at `serverMs` (its `Date`), on a device whose clock is `skewMs` off. */
function settled(serverMs: number, skewMs: number): QueuedGrade {
  const deviceMs = serverMs + skewMs
  const at = serverTimeAt(deviceMs, new Date(serverMs).toUTCString(), null)
  return {
    key: 'k',
    seq: deviceMs * 1000,
    body: {
      cardId: 'c',
      rating: 3,
      pointsTicked: [],
      durationMs: 1000,
      answerMode: 'typed',
      reviewedAt: new Date(deviceMs).toISOString(),
    },
    status: 'synced',
    logId: 1,
    settledAtMs: deviceMs,
    settledAtServerMs: at,
  }
}

describe('settled grades are forgotten two days later on the server’s clock', () => {
  test('a device clock three days ahead forgets nothing at once (regression: pruned by the device clock)', () => {
    const grade = settled(SERVER, 72 * H)
    // The next sync, a minute later: the server's Date says so, whatever the device's clock says.
    expect(
      isForgotten(
        grade,
        serverTimeAt(SERVER + 72 * H + 60_000, new Date(SERVER + 60_000).toUTCString(), null),
      ),
    ).toBe(false)
    expect(isForgotten(grade, SERVER + 47 * H)).toBe(false)
    expect(isForgotten(grade, SERVER + 49 * H)).toBe(true)
  })

  test('a device clock moved ahead after the grade settled: still kept until the server’s two days', () => {
    const grade = settled(SERVER, 0)
    expect(isForgotten(grade, SERVER + 60_000)).toBe(false)
    expect(isForgotten(grade, SERVER + 49 * H)).toBe(true)
  })

  test('a device clock days behind keeps them no longer than two days', () => {
    const grade = settled(SERVER, -72 * H)
    expect(isForgotten(grade, SERVER + 49 * H)).toBe(true)
  })

  test('a pending grade is never forgotten', () => {
    expect(isForgotten({ ...settled(SERVER, 0), status: 'pending' }, SERVER + 400 * H)).toBe(false)
  })

  test('without a Date header, the server’s time is the device’s corrected by the last skew', () => {
    expect(serverTimeAt(SERVER + 72 * H, null, 72 * H)).toBe(SERVER)
    expect(serverTimeAt(SERVER, null, null)).toBe(SERVER)
  })
})
