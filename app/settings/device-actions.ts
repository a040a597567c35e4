'use server'
// "Use Drill on another device": make a one-time code (and its QR code) for this learner,
// and sign a linked device out. Thin: lib/devices holds the rules.
import { randomBytes, randomUUID } from 'node:crypto'
import { refresh } from 'next/cache'
import { headers } from 'next/headers'
import QRCode from 'qrcode'
import { z } from 'zod'
import { studyDb } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { currentDeviceId, forgetLearnerHere, rememberDeviceId } from '@/lib/devices/device-cookie'
import { createLinkCode, deviceLabel, forgetDevice, rememberDevice } from '@/lib/devices/link'
import { formatLinkCode } from '@/lib/devices/link-code'
import { rateLimit } from '@/lib/http/edge'
import { writingLearnerId } from '@/lib/learner'

export type LinkCodeState =
  | { status: 'idle' }
  | { status: 'made'; code: string; expiresAt: string; qrDataUrl: string; linkUrl: string }
  | { status: 'error'; error: string }

export async function createLinkCodeAction(_previous: LinkCodeState): Promise<LinkCodeState> {
  const requestHeaders = await headers()
  if (await rateLimit('link', { headers: requestHeaders }))
    return { status: 'error', error: 'Too many codes in a short time. Wait a few minutes and try again.' }
  const nowMs = await requestNowMs()
  const learnerId = await writingLearnerId(nowMs)
  // This device joins the list too, so it can be told apart from the one it links.
  const db = studyDb()
  let deviceId = await currentDeviceId()
  if (!deviceId) {
    deviceId = randomUUID()
    await rememberDevice(db, {
      id: deviceId,
      learnerId,
      label: deviceLabel(requestHeaders.get('user-agent')),
      linkedAtMs: nowMs,
    })
    await rememberDeviceId(deviceId)
  }
  const { code, expiresAtMs } = await createLinkCode(db, { learnerId, nowMs, randomBytes })
  const host = requestHeaders.get('host') ?? 'localhost'
  const scheme = requestHeaders.get('x-forwarded-proto')?.includes('https') ? 'https' : 'http'
  const linkUrl = `${scheme}://${host}/link?code=${code}`
  // A data: URL image: the page CSP allows img-src data:, and no script or style is involved.
  const qrDataUrl = await QRCode.toDataURL(linkUrl, { errorCorrectionLevel: 'M', margin: 2, scale: 5 })
  refresh()
  return {
    status: 'made',
    code: formatLinkCode(code),
    expiresAt: new Date(expiresAtMs).toISOString(),
    qrDataUrl,
    linkUrl,
  }
}

const signOutSchema = z.object({ deviceId: z.uuid() })

export async function signOutDeviceAction(form: FormData): Promise<void> {
  const parsed = signOutSchema.safeParse({ deviceId: form.get('deviceId') })
  if (!parsed.success) return
  const learnerId = await writingLearnerId(await requestNowMs())
  await forgetDevice(studyDb(), { learnerId, deviceId: parsed.data.deviceId })
  if (parsed.data.deviceId === (await currentDeviceId())) await forgetLearnerHere()
  refresh()
}
