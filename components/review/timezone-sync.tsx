'use client'
// First visit: tell the server the browser's time zone, so the study day starts at
// the learner's local rollover hour. The server stores it once; Settings can change it.
// The page was drawn in `drawnIn` (the default zone) meanwhile: the server redraws it
// only when the browser's zone is another one. Once stored, ZONE_STORED_EVENT tells the
// page (the review queue keeps /review offline only from then on).
import { useEffect } from 'react'
import { rememberTimezoneAction } from '@/app/review/actions'

export const ZONE_STORED_EVENT = 'drill-zone-stored'

export function TimezoneSync({ drawnIn }: { drawnIn: string }) {
  useEffect(() => {
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
    void rememberTimezoneAction(timezone, drawnIn).then((result) => {
      if (result.ok) window.dispatchEvent(new Event(ZONE_STORED_EVENT))
    })
  }, [drawnIn])
  return null
}
