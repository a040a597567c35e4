'use client'
// The rest of the day's queue, fetched after the page's first card has painted (GET
// /api/review/day; offline, the service worker answers with its last good copy). Fetched again
// whenever the page is redrawn with another first card or latest review (a grade, an undo).
// A first visit stores the browser's zone before (no redraw: the day arrives drawn in it).
import { useEffect, useRef, useState } from 'react'
import { storeTimezoneAction } from '@/app/review/actions'
import { type DayItem, type DayQueueBody, dayItemsOf } from '@/lib/review/day-card'
import { browserTimezone } from './browser-zone'

export type DayQueue =
  /** Not here yet. */
  | { kind: 'loading' }
  /** Neither the network nor the service worker's copy answered. */
  | { kind: 'failed' }
  | { kind: 'fetched'; items: DayItem[] }

/** `version` changes with each redraw of the page that may change the day; `knowsTimezone`: the zone is stored. */
export function useDayQueue(version: string, knowsTimezone: boolean) {
  const [queue, setQueue] = useState<DayQueue>({ kind: 'loading' })
  const [zoneStored, setZoneStored] = useState(knowsTimezone)
  const storing = useRef(knowsTimezone)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` names the redraw that may change the day
  useEffect(() => {
    let live = true
    void (async () => {
      if (!storing.current) {
        storing.current = true
        const timezone = await browserTimezone()
        // Not stored (refused, offline): the day stays drawn in the default zone, and is not kept offline.
        const stored = await storeTimezoneAction(timezone).catch(() => ({ ok: false }))
        if (live && stored.ok) setZoneStored(true)
      }
      const next = await fetchDay()
      if (live) setQueue((current) => (next.kind === 'failed' && current.kind === 'fetched' ? current : next))
    })()
    return () => {
      live = false
    }
  }, [version])
  return { queue, zoneStored }
}

async function fetchDay(): Promise<DayQueue> {
  try {
    const response = await fetch('/api/review/day', { credentials: 'same-origin' })
    if (!response.ok) return { kind: 'failed' }
    return { kind: 'fetched', items: dayItemsOf((await response.json()) as DayQueueBody) }
  } catch {
    return { kind: 'failed' }
  }
}
