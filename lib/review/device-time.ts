// When a review happened, on the server's clock, from what a device's clock says (issue 38).
// A grade carries `reviewedAt` (when the learner graded) and `sentAt` (when this request
// left the device, set again on every retry), both from the device's clock: whatever that
// clock's error, it is in both, so their difference is true and the review happened
// `sentAt − reviewedAt` before the server received it. Pure: the server's now is passed in.

/** How far from the server's now a device time may lie, after correction. */
export const MAX_DEVICE_TIME_DISTANCE_MS = 30 * 86_400_000

export type DeviceTime =
  | { kind: 'at'; atMs: number }
  | { kind: 'refused'; field: 'reviewedAt' | 'sentAt'; message: string }

export function correctDeviceTime({
  reviewedAtMs,
  sentAtMs,
  serverNowMs,
}: {
  reviewedAtMs: number | undefined
  sentAtMs: number | undefined
  serverNowMs: number
}): DeviceTime {
  if (reviewedAtMs === undefined) {
    if (sentAtMs !== undefined) return refused('reviewedAt', 'required with sentAt')
    return { kind: 'at', atMs: serverNowMs }
  }
  // No way to tell how long ago it was on the server's clock: the server's now.
  if (sentAtMs === undefined)
    return within(reviewedAtMs, serverNowMs, 'reviewedAt', { kind: 'at', atMs: serverNowMs })
  if (sentAtMs < reviewedAtMs) return refused('sentAt', 'before reviewedAt')
  const atMs = serverNowMs - (sentAtMs - reviewedAtMs)
  return within(atMs, serverNowMs, 'reviewedAt', { kind: 'at', atMs })
}

function within(
  checkedMs: number,
  serverNowMs: number,
  field: 'reviewedAt' | 'sentAt',
  result: DeviceTime,
): DeviceTime {
  if (Math.abs(checkedMs - serverNowMs) > MAX_DEVICE_TIME_DISTANCE_MS)
    return refused(field, 'more than 30 days from the server’s time')
  return result
}

function refused(field: 'reviewedAt' | 'sentAt', message: string): DeviceTime {
  return { kind: 'refused', field, message }
}
