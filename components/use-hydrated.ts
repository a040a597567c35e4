'use client'
// "Visibly disabled until ready": a control whose handler lives in client JS renders
// disabled in the server HTML and while the page hydrates, so a click that would be
// lost (the button looks usable but nothing listens yet) cannot happen.
import { useState, useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False in the server HTML and during hydration; true once this component has hydrated. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

/**
 * True when this component's first render was begun in the browser (a client navigation, a part
 * mounted later); false when it was hydrated from the server's HTML, and on the server. Fixed for
 * the component's life: what keeps the server's markup until something else happens.
 */
export function useMountedByClient(): boolean {
  const clientRender = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  const [mountedByClient] = useState(clientRender)
  return mountedByClient
}
