'use client'
// When a sleeping island (when-seen.tsx) wakes: once any part of it is in the viewport, or
// at the first pointer, touch, focus or key inside it. Waking swaps the server's HTML for the
// live children's own, so whatever had the focus inside is focused again in the new markup (the
// same element: both are the same children rendered from the same props).
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react'

const USED = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const

function indexOfFocus(root: HTMLElement): number {
  const focused = document.activeElement
  if (!focused || !root.contains(focused)) return -1
  return [...root.querySelectorAll('*')].indexOf(focused)
}

export function useWakeWhenSeenOrUsed(
  island: RefObject<HTMLElement | null>,
  live: boolean,
  wake: () => void,
) {
  const focusAt = useRef(-1)
  const onWake = useRef(wake)
  onWake.current = wake

  useEffect(() => {
    const root = island.current
    if (live || !root) return
    const wakeNow = () => {
      focusAt.current = indexOfFocus(root)
      onWake.current()
    }
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) wakeNow()
      },
      { rootMargin: '0px' },
    )
    seen.observe(root)
    for (const type of USED) root.addEventListener(type, wakeNow, { passive: true, once: true })
    return () => {
      seen.disconnect()
      for (const type of USED) root.removeEventListener(type, wakeNow)
    }
  }, [island, live])

  useLayoutEffect(() => {
    const root = island.current
    if (!live || !root || focusAt.current < 0) return
    const again = root.querySelectorAll('*')[focusAt.current]
    focusAt.current = -1
    if (again instanceof HTMLElement || again instanceof SVGElement) again.focus({ preventScroll: true })
  }, [island, live])
}
