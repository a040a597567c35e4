'use client'
// /link: type (or bring from the QR code) the other device's code and adopt its learner.
import Link from 'next/link'
import { useActionState } from 'react'
import { type LinkState, linkDeviceAction } from '@/app/link/actions'
import { Button } from '../ui/button'
import { inputClass } from '../ui/input-class'

export function LinkForm({ initialCode }: { initialCode: string }) {
  const [state, link, pending] = useActionState<LinkState, FormData>(linkDeviceAction, { status: 'idle' })
  if (state.status === 'linked')
    return (
      <div className="space-y-2">
        <p role="status" data-testid="link-result">
          This device now uses the same learner as your other one: the same cards, schedule and history.
        </p>
        <p>
          <Link href="/review" className="underline underline-offset-2">
            Start reviewing
          </Link>
        </p>
      </div>
    )
  return (
    <form action={link} className="max-w-md space-y-3">
      <label className="block space-y-1">
        <span className="block font-medium">Code from your other device</span>
        <input
          name="code"
          defaultValue={initialCode}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          aria-describedby="link-hint link-error"
          className={`${inputClass()} w-full font-mono text-lg tracking-widest`}
        />
      </label>
      <p id="link-hint" className="text-sm text-zinc-700 dark:text-zinc-300">
        8 letters and digits, like ABCD-EFGH, from Settings → Use Drill on another device.
      </p>
      <Button type="submit" variant="primary" disabled={pending}>
        Link this device
      </Button>
      <p id="link-error" role="alert" className="text-red-800 dark:text-red-300" data-testid="link-error">
        {state.status === 'error' ? state.error : ''}
      </p>
    </form>
  )
}
