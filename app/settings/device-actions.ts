'use server'
// "Use Drill on another device": make a one-time code (and its QR code) for this learner,
// and sign a linked device out. Thin: lib/devices holds the rules.
import { randomBytes, randomUUID } from 'node:crypto'
import { refresh } from 'next/cache'
import QRCode from 'qrcode'
import { z } from 'zod'
import { currentDeviceId, forgetLearnerHere, rememberDeviceId } from '@/lib/devices/device-cookie'
import { createLinkCode, deviceLabel, forgetDevice, rememberDevice } from '@/lib/devices/link'
import { formatLinkCode } from '@/lib/devices/link-code'
import { serverAction } from '@/lib/server-action'

export type LinkCodeState =
  | { status: 'idle' }
  | { status: 'made'; code: string; expiresAt: string; qrDataUrl: string; linkUrl: string }
  | { status: 'error'; error: string }

export const createLinkCodeAction = serverAction(
  {
    limit: {
      name: 'link',
      refused: {
        status: 'error',
        error: 'Too many codes in a short time. Wait a few minutes and try again.',
      },
    },
    learner: 'write',
  },
  async ({ learnerId, nowMs, db, headers }, _previous: LinkCodeState): Promise<LinkCodeState> => {
    // This device joins the list too, so it can be told apart from the one it links.
    let deviceId = await currentDeviceId()
    if (!deviceId) {
      deviceId = randomUUID()
      await rememberDevice(db, {
        id: deviceId,
        learnerId,
        label: deviceLabel(headers.get('user-agent')),
        linkedAtMs: nowMs,
      })
      await rememberDeviceId(deviceId)
    }
    const { code, expiresAtMs } = await createLinkCode(db, { learnerId, nowMs, randomBytes })
    const host = headers.get('host') ?? 'localhost'
    const scheme = headers.get('x-forwarded-proto')?.includes('https') ? 'https' : 'http'
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
  },
)

const signOutSchema = z.object({ deviceId: z.uuid() })

export const signOutDeviceAction = serverAction(
  {
    input: (form: FormData) => ({ deviceId: form.get('deviceId') }),
    schema: signOutSchema,
    invalid: () => undefined,
    learner: 'write',
  },
  async ({ input, learnerId, db }): Promise<void> => {
    await forgetDevice(db, { learnerId, deviceId: input.deviceId })
    if (input.deviceId === (await currentDeviceId())) await forgetLearnerHere()
    refresh()
  },
)
