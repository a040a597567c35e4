'use client'
// Controls that are disabled until they have hydrated ("visibly disabled until ready"):
// in the server HTML nothing listens to them yet, so a click or an edit would be lost.
// Each is a leaf with its own useHydrated(), so the re-render that enables it after
// hydration touches only the control, never the heavy component around it.
import type { ComponentProps } from 'react'
import { useHydrated } from './use-hydrated'

export function ReadyButton({ disabled, ...props }: ComponentProps<'button'>) {
  const hydrated = useHydrated()
  return <button type="button" {...props} disabled={!hydrated || disabled} />
}

export function ReadyInput({ disabled, ...props }: ComponentProps<'input'>) {
  const hydrated = useHydrated()
  return <input {...props} disabled={!hydrated || disabled} />
}

export function ReadySelect({ disabled, ...props }: ComponentProps<'select'>) {
  const hydrated = useHydrated()
  return <select {...props} disabled={!hydrated || disabled} />
}

export function ReadyTextarea({ disabled, ...props }: ComponentProps<'textarea'>) {
  const hydrated = useHydrated()
  return <textarea {...props} disabled={!hydrated || disabled} />
}
