'use client'
// /settings → "Use Drill on another device": a one-time code (and its QR code) to type or
// scan on the other device's /link, valid 10 minutes.
import { useActionState } from 'react'
import { createLinkCodeAction, type LinkCodeState } from '@/app/settings/device-actions'
import { Button } from '../ui/button'

export function LinkAnotherDevice() {
  const [state, make, pending] = useActionState<LinkCodeState>(createLinkCodeAction, { status: 'idle' })
  return (
    <div className="space-y-3">
      <form action={make}>
        <Button type="submit" variant="primary" disabled={pending}>
          Use Drill on another device
        </Button>
      </form>
      {state.status === 'made' && (
        <div className="space-y-2" data-testid="link-code-panel">
          <p>
            On the other device, open <span className="font-mono">/link</span> and type this code, or scan the
            QR code. It works once, for 10 minutes (until{' '}
            <time dateTime={state.expiresAt}>
              {new Date(state.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
            </time>
            ).
          </p>
          <p className="font-mono text-3xl font-bold tracking-widest" data-testid="link-code">
            {state.code}
          </p>
          {/* biome-ignore lint/performance/noImgElement: a data: URL QR code, nothing for next/image to optimise */}
          <img
            src={state.qrDataUrl}
            alt={`QR code that opens ${state.linkUrl}`}
            width={200}
            height={200}
            className="rounded bg-white"
          />
        </div>
      )}
      {state.status === 'error' && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {state.error}
        </p>
      )}
    </div>
  )
}
