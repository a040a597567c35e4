'use client'
// First visit of / or /settings: tell the server the browser's time zone (then the page is
// redrawn in it), so the study day starts at the learner's local rollover hour. The server
// stores it once; Settings can change it. /review stores it itself, without a redraw (use-day-queue.ts).
import { useEffect } from 'react'
import { rememberTimezoneAction } from '@/app/review/actions'

export function TimezoneSync() {
  useEffect(() => {
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
    void rememberTimezoneAction(timezone)
  }, [])
  return null
}
