'use client'
// The trace player as an island. The server renders the whole live player (the diagram, the
// rows, the verdicts, the event log, its controls visibly disabled), and the browser keeps
// that HTML as it is — React does not hydrate inside it — until the player is seen (near the
// viewport) or used (pointer, focus, key); only then does the live player render in its place.
// A card page with six timelines no longer hydrates six big trees (and measures the page six
// times) before the phone can answer a tap. A player mounted by the client itself (a new
// drill question, a new sandbox run, a client navigation) is live at once.
import { useRef, useState, useSyncExternalStore } from 'react'
import { LivePlayer, type TimelinePlayerProps } from './live-player'
import { useWakeWhenSeenOrUsed } from './use-wake'

export type { TimelinePlayerProps } from './live-player'

const subscribe = () => () => {}

export function TimelinePlayer(props: TimelinePlayerProps) {
  const island = useRef<HTMLDivElement>(null)
  // False on the server and while hydrating the server's HTML; true in a render the client began.
  const clientRender = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  const [mountedByClient] = useState(clientRender)
  const [hydratedTrace] = useState(props.trace)
  const [woken, setWoken] = useState(false)
  const live = woken || mountedByClient || props.trace !== hydratedTrace
  useWakeWhenSeenOrUsed(island, live, () => setWoken(true))

  if (live || typeof window === 'undefined')
    return (
      <div ref={island} key="live">
        <LivePlayer {...props} />
      </div>
    )
  // Hydrating: an element whose content is set as HTML is not hydrated inside, so the server's
  // player stays untouched (and costs nothing) until it wakes. suppressHydrationWarning: the
  // empty string stands for that HTML on purpose.
  return (
    <div
      ref={island}
      key="asleep"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: keeps the server's own markup
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  )
}
