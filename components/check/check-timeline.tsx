// One failing check's timeline: the sandbox's swimlane drawing (TimelineSvg, every event shown)
// and the same events as text. Every string from the report reaches the page as React text.
import { useId } from 'react'
import { ScrollRegion } from '@/components/ui/scroll-region'
import type { CheckResult } from '@/lib/check-server/types'
import { clockLabel } from '@/lib/engine/client'
import { TimelineSvg } from '../timeline/timeline-svg'
import { checkTrace, MAX_DRAWN_EVENTS } from './report-trace'

export function CheckTimeline({ check, seed }: { check: CheckResult; seed: number }) {
  const id = useId()
  const trace = checkTrace(check, seed)
  const left = check.timeline.length - trace.events.length
  const title = `Timeline of ${check.id}`
  const description = `${check.timeline.length} events between Drill's checker, your server and Drill's provider, in ms since the check began. The list below has each one as text.`
  return (
    <figure data-testid="check-timeline" className="space-y-2">
      {/* Scrolls sideways on a phone and down on a long timeline. */}
      <ScrollRegion
        as="section"
        aria-label={`${title}: diagram`}
        scroll="both"
        ring="sky"
        className="max-h-[75vh] rounded border border-zinc-200 bg-white p-2 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <TimelineSvg
          trace={trace}
          // Past the last event: every event drawn as happened, and no step band (nothing to scrub here).
          step={trace.events.length}
          titleId={`${id}-title`}
          descId={`${id}-desc`}
          title={title}
          description={description}
        />
      </ScrollRegion>
      <figcaption className="text-sm">
        <details>
          <summary className="cursor-pointer font-semibold">Events (text)</summary>
          <ol className="mt-2 space-y-0.5 font-mono text-xs break-all">
            {trace.events.map((event, i) => (
              <li key={event.i}>
                {clockLabel(trace.clockStart, event.tMs)} {check.timeline[i]?.from} → {check.timeline[i]?.to}:{' '}
                {event.detail}
              </li>
            ))}
          </ol>
        </details>
        {left > 0 && (
          <p className="mt-1 text-zinc-700 dark:text-zinc-300">
            The first {MAX_DRAWN_EVENTS} events are shown; {left} more are in the file.
          </p>
        )}
      </figcaption>
    </figure>
  )
}
