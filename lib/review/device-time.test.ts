// Goal: a review is recorded on the server's clock whatever the device's clock says:
// its time is the server's now less how long ago the device graded (sentAt − reviewedAt),
// never before the card's previous review nor after the server's now; a time that cannot
// be one is refused.
import { expect, test } from 'vitest'
import { correctDeviceTime } from './device-time'

const SERVER_NOW = Date.parse('2026-12-01T12:00:00Z')
const HOUR = 3_600_000
const DAY = 24 * HOUR
const at = (atMs: number) => ({ kind: 'at', atMs })
const correct = (reviewedAtMs: number | undefined, sentAtMs: number | undefined) =>
  correctDeviceTime({ reviewedAtMs, sentAtMs, serverNowMs: SERVER_NOW })

test('a device 16 hours behind, grading online: recorded at the server’s time', () => {
  const device = SERVER_NOW - 16 * HOUR
  expect(correct(device - 300, device)).toEqual(at(SERVER_NOW - 300))
})

test('a device 3 hours ahead: recorded at the server’s time, not in its future', () => {
  const device = SERVER_NOW + 3 * HOUR
  expect(correct(device - 1_000, device)).toEqual(at(SERVER_NOW - 1_000))
})

test('queued offline for hours on a wrong clock: recorded that many hours before the server received it', () => {
  const deviceNow = SERVER_NOW - 16 * HOUR
  expect(correct(deviceNow - 5 * HOUR, deviceNow)).toEqual(at(SERVER_NOW - 5 * HOUR))
})

test('retried: each try carries a new sentAt, and every try lands at the same server time', () => {
  const reviewedAt = SERVER_NOW - 40 * DAY
  // The device clock is 40 days behind; the grade waited 2 hours, then a retry 10 minutes later.
  const first = correctDeviceTime({
    reviewedAtMs: reviewedAt,
    sentAtMs: reviewedAt + 2 * HOUR,
    serverNowMs: SERVER_NOW,
  })
  const retry = correctDeviceTime({
    reviewedAtMs: reviewedAt,
    sentAtMs: reviewedAt + 2 * HOUR + 10 * 60_000,
    serverNowMs: SERVER_NOW + 10 * 60_000,
  })
  expect(first).toEqual(at(SERVER_NOW - 2 * HOUR))
  expect(retry).toEqual(first)
})

test('without sentAt (an older client): the server’s now', () => {
  expect(correct(SERVER_NOW - 5 * HOUR, undefined)).toEqual(at(SERVER_NOW))
  expect(correct(undefined, undefined)).toEqual(at(SERVER_NOW))
})

test('refused: sentAt before reviewedAt, more than 30 days away after correction, sentAt alone', () => {
  expect(correct(SERVER_NOW, SERVER_NOW - 1)).toMatchObject({ kind: 'refused', field: 'sentAt' })
  // Queued 31 days (on any clock): too old.
  expect(correct(SERVER_NOW - 40 * DAY, SERVER_NOW - 9 * DAY)).toMatchObject({
    kind: 'refused',
    field: 'reviewedAt',
  })
  // 30 days exactly is still taken.
  expect(correct(SERVER_NOW - 30 * DAY, SERVER_NOW)).toEqual(at(SERVER_NOW - 30 * DAY))
  // Without sentAt, a reviewedAt over 30 days from the server's now either way.
  expect(correct(SERVER_NOW - 31 * DAY, undefined)).toMatchObject({ kind: 'refused', field: 'reviewedAt' })
  expect(correct(SERVER_NOW + 31 * DAY, undefined)).toMatchObject({ kind: 'refused', field: 'reviewedAt' })
  expect(correct(undefined, SERVER_NOW)).toMatchObject({ kind: 'refused', field: 'reviewedAt' })
})
