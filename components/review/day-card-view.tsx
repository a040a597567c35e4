'use client'
// One card of the day's queue drawn from its data (day-card.ts): a drill round, or the recall
// card with its model answer (HTML sanitized on the server) and its timelines link.
import Link from 'next/link'
import { DrillReview } from '@/components/drills/drill-review'
import type { DayCardData, RecallCardData } from './day-card'
import { ReviewSession } from './review-session'

export function DayCardView({ card }: { card: DayCardData }) {
  if (card.kind === 'drill') {
    return (
      <DrillReview
        cardId={card.cardId}
        title={card.title}
        prompt={card.prompt}
        queueNote={card.queueNote}
        questions={card.questions}
        choices={card.choices}
      />
    )
  }
  return (
    <ReviewSession
      cardId={card.cardId}
      title={card.title}
      prompt={card.prompt}
      promptHtml={card.promptHtml}
      points={card.points}
      answer={<ModelAnswer card={card} />}
      choices={card.choices}
      missedLastTime={card.missedLastTime}
      queueNote={card.queueNote}
      reviewRound={card.reviewRound}
      answerTargetMs={card.answerTargetMs}
    />
  )
}

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
