'use client'
// One point to tick after Show answer: its checkbox and text, "critical" when it is, and
// under it what the grader heard (the quote, or what was said the wrong way). The
// checkbox is described by all of them, so a screen reader hears them with the point.
import type { ReactNode } from 'react'
import type { PointVerdict } from '@/lib/grading'
import { contradictionId, evidenceId, PointContradiction, PointEvidence } from './point-verdict'
import { useSeeItFailHref } from './see-it-fail'

export interface CheckPoint {
  id: string
  text: string
  critical: boolean
}

export function PointBox({
  point,
  verdict,
  ticked,
  onToggle,
  teach,
}: {
  point: CheckPoint
  /** What the grader heard; undefined when nothing was said or typed. */
  verdict: PointVerdict | undefined
  ticked: boolean
  onToggle: (id: string, on: boolean) => void
  /** "This is where I said it" (teach-point.tsx), when the box is ticked and the grader did not hear it. */
  teach?: ReactNode
}) {
  const seeItFailHref = useSeeItFailHref(verdict?.contradiction?.flaw ?? null)
  const heard = verdict?.heard === true && verdict.evidence.length > 0
  const contradiction = verdict?.contradiction ?? null
  const describedBy = [
    point.critical && `critical-${point.id}`,
    heard && evidenceId(point.id),
    contradiction && contradictionId(point.id),
  ].filter(Boolean)
  return (
    <div
      // The label stretches over the whole box (after:inset-0), so a click anywhere on it ticks.
      className={`relative flex items-start gap-3 rounded-lg border p-3 ${
        point.critical
          ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/40'
          : 'border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900'
      }`}
    >
      <input
        id={`point-${point.id}`}
        type="checkbox"
        checked={ticked}
        onChange={(event) => onToggle(point.id, event.target.checked)}
        aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
        className="relative z-10 mt-1 size-4 shrink-0"
      />
      <div>
        {point.critical && (
          <strong
            id={`critical-${point.id}`}
            className="block text-xs font-semibold uppercase tracking-wide text-red-800 dark:text-red-300"
          >
            Critical point — missing it means Again
          </strong>
        )}
        <label
          htmlFor={`point-${point.id}`}
          className="cursor-pointer after:absolute after:inset-0 after:rounded-lg after:content-['']"
        >
          {point.text}
        </label>
        {heard && <PointEvidence pointId={point.id} evidence={verdict.evidence} />}
        {contradiction && (
          <PointContradiction
            pointId={point.id}
            contradiction={contradiction}
            seeItFailHref={seeItFailHref}
          />
        )}
        {teach}
      </div>
    </div>
  )
}
