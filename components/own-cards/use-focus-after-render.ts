'use client'
// Moves focus to an element that the next render adds or keeps (a new point's box, the Add
// point button after a removal): `focusAfterRender(id)` now, focused once React has drawn it.
import { useCallback, useEffect, useRef } from 'react'

export function useFocusAfterRender(): (id: string) => void {
  const next = useRef<string | null>(null)
  useEffect(() => {
    if (!next.current) return
    document.getElementById(next.current)?.focus()
    next.current = null
  })
  return useCallback((id: string) => {
    next.current = id
  }, [])
}
