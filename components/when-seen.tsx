'use client'
// An island that hydrates when seen or used. The server renders the children as usual, and
// the browser keeps that HTML as it is — React does not hydrate inside it — until the island
// comes into view or is used (pointer, touch, focus, key); only then do the children render,
// live, in its place. Their controls must be visibly disabled until then, as every control
// handled by client JS already is before hydration (ready-controls.tsx), so nothing is lost.
// An island mounted by the client itself (a new drill question, a client navigation) is live
// at once, and so is one whose `version` changes while it sleeps (a new sandbox run).
import { type ReactNode, startTransition, useRef, useState } from 'react'
import { useMountedByClient } from './use-hydrated'
import { useWakeWhenSeenOrUsed } from './use-wake-when-seen'

export function WhenSeen({
  children,
  version,
  className,
}: {
  children: ReactNode
  version?: unknown
  /** The island's own box (the same asleep and live). */
  className?: string
}) {
  const island = useRef<HTMLDivElement>(null)
  const mountedByClient = useMountedByClient()
  const [hydratedVersion] = useState(version)
  const [woken, setWoken] = useState(false)
  const live = woken || mountedByClient || version !== hydratedVersion
  // A transition: the children render in slices that yield to input, not in one long task.
  useWakeWhenSeenOrUsed(island, live, () => startTransition(() => setWoken(true)))

  if (live || typeof window === 'undefined')
    return (
      <div ref={island} key="live" className={className}>
        {children}
      </div>
    )
  // Hydrating: an element whose content is set as HTML is not hydrated inside, so the server's
  // markup stays untouched (and costs nothing) until it wakes. suppressHydrationWarning: the
  // empty string stands for that markup on purpose.
  return (
    <div
      ref={island}
      key="asleep"
      className={className}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: keeps the server's own markup
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  )
}
