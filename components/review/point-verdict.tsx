'use client'
// What the grader heard for one point, under the point: the quote of the answer that made it
// (`point-evidence`), or what was said the wrong way (`point-contradiction`) with a link to
// the sandbox showing that design fail. The ids are for the point's checkbox
// (aria-describedby), so a screen reader hears them with their point.
import Link from 'next/link'
import type { Contradiction, EvidenceSpan } from '@/lib/grading'

export const evidenceId = (pointId: string) => `evidence-${pointId}`
export const contradictionId = (pointId: string) => `contradiction-${pointId}`

export function PointEvidence({ pointId, evidence }: { pointId: string; evidence: readonly EvidenceSpan[] }) {
  return (
    <p
      id={evidenceId(pointId)}
      data-testid="point-evidence"
      className="mt-1 text-sm text-zinc-700 dark:text-zinc-300"
    >
      Heard: {evidence.map((span) => `“${span.text}”`).join(' … ')}
    </p>
  )
}

export function PointContradiction({
  pointId,
  contradiction,
  seeItFailHref,
}: {
  pointId: string
  contradiction: Contradiction
  /** The sandbox with the contradiction's flaw switched on, when it has one. */
  seeItFailHref?: string
}) {
  return (
    <div
      data-testid="point-contradiction"
      className="mt-2 rounded border border-amber-400 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p id={contradictionId(pointId)}>
        <strong>Said the wrong way:</strong> {contradiction.text}
      </p>
      {seeItFailHref && (
        // Above the label's stretched click area (z-10), so a click follows the link.
        <Link
          href={seeItFailHref}
          prefetch={false}
          aria-describedby={contradictionId(pointId)}
          className="relative z-10 font-medium underline underline-offset-2"
        >
          See it fail
        </Link>
      )}
    </div>
  )
}
