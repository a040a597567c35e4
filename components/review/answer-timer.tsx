'use client'
// A visible count-up timer for the answer. Display only: the duration saved is
// measured by the session from the same start.
import { useEffect, useState } from 'react'

function format(ms: number): string {
  const totalS = Math.floor(ms / 1000)
  return `${Math.floor(totalS / 60)}:${String(totalS % 60).padStart(2, '0')}`
}

export function AnswerTimer({
  startedAt,
  stoppedAfterMs,
}: {
  startedAt: number
  stoppedAfterMs: number | null
}) {
  const [elapsedMs, setElapsedMs] = useState(0)
  useEffect(() => {
    if (stoppedAfterMs !== null) return
    const tick = () => setElapsedMs(performance.now() - startedAt)
    tick()
    const id = window.setInterval(tick, 250)
    return () => window.clearInterval(id)
  }, [startedAt, stoppedAfterMs])
  const shown = stoppedAfterMs ?? elapsedMs
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300">
      {stoppedAfterMs === null ? 'Answer time' : 'You answered in'}{' '}
      <span
        role="timer"
        data-testid="answer-timer"
        className="font-mono text-base font-semibold tabular-nums"
      >
        {format(shown)}
      </span>
    </p>
  )
}
