'use client'
// One card of the day's queue drawn from its data (day-card.ts): a drill round, or the recall
// card with its model answer (HTML sanitized on the server) and its timelines link.
import Link from 'next/link'
import { memo } from 'react'
import { DrillReview } from '@/components/drills/drill-review'
import type { DayCardData, RecallCardData } from '@/lib/review/day-card'
import { ReviewSession } from './review-session'

// Drawn again only when its card's data changes: the queue around it re-renders as the device's
// grades, the zone and the day arrive just after the page hydrates, and the card's whole session
// need not re-render with it (main-thread work a phone feels, issue 51).
export const DayCardView = memo(function DayCardView({ card }: { card: DayCardData }) {
  // The data's fields are the components' props by name (day-card.ts): spread, not passed one by one.
  if (card.kind === 'drill') return <DrillReview {...card} />
  return <ReviewSession {...card} answer={<ModelAnswer card={card} />} />
})

function ModelAnswer({ card }: { card: RecallCardData }) {
  const { answerHtml, timelines } = card
  return (
    <>
      {answerHtml === null ? (
        <p className="mt-2 text-zinc-700 dark:text-zinc-300">This card has no model answer yet.</p>
      ) : (
        <div
          className="prose-drill mt-2"
          // Sanitized on the server by lib/content/markdown (own cards are learner-written or imported).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitize-html output
          dangerouslySetInnerHTML={{ __html: answerHtml }}
        />
      )}
      {timelines && (
        <p className="mt-3">
          <Link href={timelines.href} className="underline underline-offset-2">
            This card&apos;s timelines
          </Link>{' '}
          ({timelines.scenarios} {timelines.scenarios === 1 ? 'scenario' : 'scenarios'})
        </p>
      )}
    </>
  )
}
