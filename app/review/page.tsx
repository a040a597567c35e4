import type { Metadata } from 'next'
import Link from 'next/link'
import { ReviewSession } from '@/components/review/review-session'
import { TimezoneSync } from '@/components/review/timezone-sync'
import { UndoButton } from '@/components/review/undo-button'
import { sqlite } from '@/db/client'
import { studyQueries } from '@/db/queries/study'
import { requestNowMs } from '@/lib/clock'
import { allCards, cardById } from '@/lib/content/cards'
import { markdownToHtml } from '@/lib/content/markdown'
import { currentLearnerId } from '@/lib/learner'
import { formatInstant } from '@/lib/srs/format-time'
import { nextReview, settingsForLearner, undoableReview } from '@/lib/srs/review'
import { type GradeRating, RATING_NAMES, RATINGS } from '@/lib/srs/rubric'
import { intervalLabel } from '@/lib/srs/scheduler'

export const metadata: Metadata = { title: 'Review' }
export const dynamic = 'force-dynamic'

export default async function ReviewPage() {
  const learnerId = await currentLearnerId()
  const nowMs = await requestNowMs()
  const db = sqlite()
  const knowsTimezone = studyQueries(db).getLearnerSettingsByLearnerId(learnerId) !== undefined

  return (
    <section aria-labelledby="review-title" className="space-y-6">
      <h1 id="review-title" className="text-2xl font-bold">
        Review
      </h1>
      {knowsTimezone ? <ReviewBody learnerId={learnerId} nowMs={nowMs} /> : <SettingUp />}
    </section>
  )
}

/** First visit: the study day depends on the learner's zone, which only the browser knows. */
function SettingUp() {
  return (
    <>
      <TimezoneSync />
      <p role="status">Setting up your study day in your time zone…</p>
    </>
  )
}

function ReviewBody({ learnerId, nowMs }: { learnerId: string; nowMs: number }) {
  const db = sqlite()
  const settings = settingsForLearner(db, learnerId)
  const next = nextReview(db, learnerId, allCards(), nowMs)
  const latest = undoableReview(db, learnerId, nowMs)
  const undo = latest ? (
    <UndoButton
      logId={latest.id}
      lastGrade={`${RATING_NAMES[latest.rating as GradeRating] ?? 'graded'} on “${
        cardById(latest.cardId)?.title ?? latest.cardId
      }”, back ${formatInstant(latest.dueAfterMs, settings.timezone)}`}
    />
  ) : null

  if (next.kind === 'done') {
    return (
      <div className="space-y-4" data-testid="review-done">
        <h2 className="text-xl font-semibold">Done for today</h2>
        <p>
          {next.nextDueMs === null
            ? 'Nothing else is scheduled yet.'
            : `The next card is due ${formatInstant(next.nextDueMs, settings.timezone)}.`}
        </p>
        {next.limitReached && (
          <p className="text-zinc-700 dark:text-zinc-300">
            You reached today&apos;s {next.limitReached === 'reviews' ? 'review' : 'new-card'} limit; change
            it in{' '}
            <Link href="/settings" className="underline">
              Settings
            </Link>
            .
          </p>
        )}
        <p className="text-zinc-700 dark:text-zinc-300">
          Meanwhile, reread a{' '}
          <Link href="/cards" className="underline underline-offset-2">
            card
          </Link>{' '}
          or break the engine in the{' '}
          <Link href="/sandbox" className="underline underline-offset-2">
            sandbox
          </Link>
          .
        </p>
        {undo}
      </div>
    )
  }

  const card = cardById(next.card.id)
  if (!card) throw new Error(`queue offered unknown card ${next.card.id}`)
  const textById = new Map(card.points.map((p) => [p.id, p.text]))
  // One attempt per render of a card: the grade claims this token, so a double-click
  // or a retried submit records one review.
  const attemptToken = crypto.randomUUID()
  const choices = RATINGS.map((rating) => ({
    rating,
    name: RATING_NAMES[rating],
    interval: intervalLabel(next.preview[rating]),
    dueLabel: formatInstant(next.preview[rating].next.dueMs, settings.timezone),
  }))

  return (
    <div className="space-y-6">
      <ReviewSession
        key={attemptToken}
        cardId={card.id}
        title={card.title}
        prompt={card.prompt}
        points={card.points}
        answer={
          <div
            className="prose-drill mt-2"
            // Our own Markdown from content/cards, validated at build: trusted.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted first-party content
            dangerouslySetInnerHTML={{ __html: markdownToHtml(card.answerMarkdown) }}
          />
        }
        attemptToken={attemptToken}
        choices={choices}
        missedLastTime={next.missedLastTime.flatMap((id) => textById.get(id) ?? [])}
        queueNote={`${next.dueCount} due, ${next.newCount} new`}
        reviewRound={next.lastReviewId === null ? 'first' : String(next.lastReviewId)}
        answerTargetMs={card.answerTargetMinutes === undefined ? null : card.answerTargetMinutes * 60_000}
      />
      {undo}
    </div>
  )
}
