'use client'
// /review says once, politely, that this device's clock is off (over 5 minutes from the
// server's, measured at each sync); the reviews are recorded on the server's time anyway.
import { useEffect, useState } from 'react'
import { claimClockNotice } from './clock-skew'
import { clockNoticeText } from './status-text'
import { useClockSkew } from './use-clock-skew'

export function ClockNotice() {
  const skew = useClockSkew()
  const [said, setSaid] = useState<number | null>(null)
  useEffect(() => {
    // Once per skew: a page opened later with the same clock says nothing again.
    if (skew !== null && said === null && claimClockNotice(skew)) setSaid(skew)
  }, [skew, said])
  return (
    <p data-testid="clock-notice" role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
      {said === null ? '' : clockNoticeText(said)}
    </p>
  )
}
