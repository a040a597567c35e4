'use server'
// /link: redeem another device's one-time code and adopt its learner. Each try counts
// against the `link` limit (per address: 10 tries per 10 minutes), so 40 bits cannot be guessed.
import { randomUUID } from 'node:crypto'
import { adoptLearner } from '@/lib/devices/device-cookie'
import { deviceLabel, redeemLinkCode, rememberDevice } from '@/lib/devices/link'
import { serverAction } from '@/lib/server-action'

export type LinkState = { status: 'idle' } | { status: 'linked' } | { status: 'error'; error: string }

const ERRORS = {
  malformed: 'A code is 8 letters and digits, like ABCD-EFGH. Check it and try again.',
  unknown: 'That code is not right. Check it on your other device and try again.',
  expired: 'That code has expired (codes last 10 minutes). Make a new one on your other device.',
  used: 'That code was already used. Make a new one on your other device.',
} as const

export const linkDeviceAction = serverAction(
  {
    // Per address (not per learner): a visitor can drop its cookie, not its address.
    limit: {
      name: 'link',
      subject: null,
      refused: { status: 'error', error: 'Too many tries from this address. Wait 10 minutes and try again.' },
    },
    learner: 'none',
  },
  async ({ nowMs, db, headers }, _previous: LinkState, form: FormData): Promise<LinkState> => {
    const result = await redeemLinkCode(db, { typed: String(form.get('code') ?? ''), nowMs })
    if (result.kind !== 'linked') return { status: 'error', error: ERRORS[result.kind] }
    const deviceId = randomUUID()
    await rememberDevice(db, {
      id: deviceId,
      learnerId: result.learnerId,
      label: deviceLabel(headers.get('user-agent')),
      linkedAtMs: nowMs,
    })
    await adoptLearner(result.learnerId, deviceId)
    return { status: 'linked' }
  },
)
