'use client'
// The trace as text, one line per event, the current step marked (aria-current="step").
import { clockLabel, type Trace } from '@/lib/engine/client'

export function EventLog({ trace, step }: { trace: Trace; step: number }) {
  return (
    <details className="text-sm" open>
      <summary className="cursor-pointer font-semibold">Event log (text)</summary>
      <ol className="mt-2 space-y-0.5 font-mono text-xs">
        {trace.events.map((event) => (
          <li
            key={event.i}
            aria-current={event.i === step ? 'step' : undefined}
            className={event.i === step ? 'rounded bg-amber-100 dark:bg-amber-900/40' : undefined}
          >
            {clockLabel(trace.clockStart, event.tMs)}{' '}
            {event.from && event.to ? `${event.from} → ${event.to}` : event.actor}: {event.detail}
          </li>
        ))}
      </ol>
    </details>
  )
}
