'use client'
// A visible count-up timer for the answer. Display only: the duration saved is
// measured by the session from the same start. With an answer-length target (card
// front matter), it shows the target, and passing it is said calmly: a long answer is fine.
import { useEffect, useState } from 'react'

/** m:ss */
export function formatClock(ms: number): string {
  const totalS = Math.floor(ms / 1000)
  return `${Math.floor(totalS / 60)}:${String(totalS % 60).padStart(2, '0')}`
}

/** The target beside the timer; once passed, a calm note rather than a warning. */
export function targetNote(elapsedMs: number, targetMs: number): string {
  return elapsedMs > targetMs
    ? ` · past the ${formatClock(targetMs)} target, take the time you need`
    : ` · target ${formatClock(targetMs)}`
}

export function AnswerTimer({
  startedAt,
  stoppedAfterMs,
  targetMs = null,
}: {
  startedAt: number
  stoppedAfterMs: number | null
  targetMs?: number | null
}) {
  const [elapsedMs, setElapsedMs] = useState(0)
  useEffect(() => {
    if (stoppedAfterMs !== null) return
    // Whole seconds, what the clock shows: a tick within the same second changes no state, so it
    // renders nothing (four renders a second would be main-thread work a phone feels).
    const tick = () => setElapsedMs(Math.floor((performance.now() - startedAt) / 1000) * 1000)
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
        {formatClock(shown)}
      </span>
      {targetMs !== null && <span data-testid="answer-target">{targetNote(shown, targetMs)}</span>}
    </p>
  )
}
