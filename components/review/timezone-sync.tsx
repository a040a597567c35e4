'use client'
// First visit of / or /settings: tell the server the browser's time zone, so the study day starts
// at the learner's local rollover hour. The server stores it once; Settings can change it. The page
// was drawn in `drawnIn` (the default zone): it is redrawn only when the browser's zone is another
// one. /review stores it itself, without a redraw (use-day-queue.ts).
import { useEffect } from 'react'
import { rememberTimezoneAction } from '@/app/review/actions'
import { browserTimezone } from './browser-zone'

export function TimezoneSync({ drawnIn }: { drawnIn: string }) {
  useEffect(() => {
    void browserTimezone().then((timezone) => rememberTimezoneAction(timezone, drawnIn))
  }, [drawnIn])
  return null
}
