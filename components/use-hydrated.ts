'use client'
// "Visibly disabled until ready": a control whose handler lives in client JS renders
// disabled in the server HTML and while the page hydrates, so a click that would be
// lost (the button looks usable but nothing listens yet) cannot happen.
import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False in the server HTML and during hydration; true once this component has hydrated. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
