'use client'
// First visit: tell the server the browser's time zone, so the study day starts at
// the learner's local rollover hour. The server stores it once; Settings can change it.
import { useEffect } from 'react'
import { rememberTimezoneAction } from '@/app/review/actions'

export function TimezoneSync() {
  useEffect(() => {
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
    void rememberTimezoneAction(timezone)
  }, [])
  return null
}
