'use client'
// A phase's clock: time used against the phase's target, counting on past it (an answer is
// never cut off; the overrun is shown). Screen readers hear it politely, once a minute and
// when the target passes — not every second.
import { useEffect, useState } from 'react'
import { formatClock } from '../review/answer-timer'

/** What the live region says at `elapsedMs`: changes once a minute and once at the target. */
export function clockAnnouncement(elapsedMs: number, targetMs: number): string {
  const minutes = Math.floor(elapsedMs / 60_000)
  if (elapsedMs >= targetMs)
    return `Past the ${formatClock(targetMs)} target, ${minutes} min used; take the time you need.`
  return minutes === 0 ? '' : `${minutes} min used of ${formatClock(targetMs)}.`
}

export function MockClock({ startedAt, targetMs }: { startedAt: number; targetMs: number }) {
  const [elapsedMs, setElapsedMs] = useState(0)
  useEffect(() => {
    const tick = () => setElapsedMs(startedAt === 0 ? 0 : performance.now() - startedAt)
    tick()
    const id = window.setInterval(tick, 250)
    return () => window.clearInterval(id)
  }, [startedAt])
  const over = elapsedMs > targetMs
  return (
    <div className="text-sm text-zinc-700 dark:text-zinc-300">
      <p>
        Time used{' '}
        <span
          role="timer"
          data-testid="mock-clock"
          className="font-mono text-base font-semibold tabular-nums"
        >
          {formatClock(elapsedMs)}
        </span>{' '}
        of <span data-testid="mock-target">{formatClock(targetMs)}</span>
        {over && (
          <span data-testid="mock-overrun" className="ml-2 font-semibold text-amber-800 dark:text-amber-300">
            {formatClock(elapsedMs - targetMs)} over
          </span>
        )}
      </p>
      <p aria-live="polite" className="sr-only">
        {clockAnnouncement(elapsedMs, targetMs)}
      </p>
    </div>
  )
}
