'use server'
// /link: redeem another device's one-time code and adopt its learner. Each try counts
// against the `link` limit (per address: 10 tries per 10 minutes), so 40 bits cannot be guessed.
import { randomUUID } from 'node:crypto'
import { headers } from 'next/headers'
import { studyDb } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { adoptLearner } from '@/lib/devices/device-cookie'
import { deviceLabel, redeemLinkCode, rememberDevice } from '@/lib/devices/link'
import { rateLimit } from '@/lib/http/edge'

export type LinkState = { status: 'idle' } | { status: 'linked' } | { status: 'error'; error: string }

const ERRORS = {
  malformed: 'A code is 8 letters and digits, like ABCD-EFGH. Check it and try again.',
  unknown: 'That code is not right. Check it on your other device and try again.',
  expired: 'That code has expired (codes last 10 minutes). Make a new one on your other device.',
  used: 'That code was already used. Make a new one on your other device.',
} as const

export async function linkDeviceAction(_previous: LinkState, form: FormData): Promise<LinkState> {
  const requestHeaders = await headers()
  // Per address (not per learner): a visitor can drop its cookie, not its address.
  if (await rateLimit('link', { headers: requestHeaders }, { subject: null }))
    return { status: 'error', error: 'Too many tries from this address. Wait 10 minutes and try again.' }
  const nowMs = await requestNowMs()
  const db = studyDb()
  const result = await redeemLinkCode(db, { typed: String(form.get('code') ?? ''), nowMs })
  if (result.kind !== 'linked') return { status: 'error', error: ERRORS[result.kind] }
  const deviceId = randomUUID()
  await rememberDevice(db, {
    id: deviceId,
    learnerId: result.learnerId,
    label: deviceLabel(requestHeaders.get('user-agent')),
    linkedAtMs: nowMs,
  })
  await adoptLearner(result.learnerId, deviceId)
  return { status: 'linked' }
}
