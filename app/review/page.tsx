import type { Metadata } from 'next'
import Link from 'next/link'
import { DrillReview } from '@/components/drills/drill-review'
import { ClockNotice } from '@/components/offline/clock-notice'
import { ReviewQueue } from '@/components/review/review-queue'
import { ReviewSession } from '@/components/review/review-session'
import { SeeItFailLinks } from '@/components/review/see-it-fail'
import { TimezoneSync } from '@/components/review/timezone-sync'
import { UndoButton } from '@/components/review/undo-button'
import { studyDb } from '@/db/client'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { requestNowMs } from '@/lib/clock'
import { cardById } from '@/lib/content/cards'
import { cardTextToHtml } from '@/lib/content/markdown'
import type { ReviewCard } from '@/lib/decks'
import { currentLearnerId } from '@/lib/learner'
import {
  type DayCard,
  drillRoundFor,
  nextReview,
  reviewDay,
  settingsForLearner,
  studyDecks,
  undoableReview,
} from '@/lib/review'
import { gradablePointsOf } from '@/lib/review/suggest-grade'
import { seeItFailHrefs } from '@/lib/sandbox/see-it-fail'
import { formatInstant } from '@/lib/srs/format-time'
import { type GradeRating, RATING_NAMES, RATINGS } from '@/lib/srs/rubric'
import { intervalLabel } from '@/lib/srs/scheduler'

export const metadata: Metadata = { title: 'Review' }
export const dynamic = 'force-dynamic'

export default async function ReviewPage() {
  const learnerId = await currentLearnerId()
  const nowMs = await requestNowMs()
  const knowsTimezone = (await studyQueries(studyDb()).getLearnerSettingsByLearnerId(learnerId)) !== undefined

  return (
    <section aria-labelledby="review-title" className="space-y-6">
      <h1 id="review-title" className="text-2xl font-bold">
        Review
      </h1>
      <ClockNotice />
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

async function ReviewBody({ learnerId, nowMs }: { learnerId: string; nowMs: number }) {
  const db = studyDb()
  const decks = await studyDecks()
  const [settings, deck, latest] = await Promise.all([
    settingsForLearner(db, learnerId),
    decks.reviewDeckFor(db, learnerId),
    undoableReview(db, learnerId, nowMs),
  ])
  const next = await nextReview(db, learnerId, deck, nowMs)
  const latestCard = latest ? await decks.reviewCardById(db, learnerId, latest.cardId) : undefined
  const undo = latest ? (
    <UndoButton
      logId={latest.id}
      lastGrade={`${RATING_NAMES[latest.rating as GradeRating] ?? 'graded'} on “${
        latestCard?.title ?? latest.cardId
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

  const day = await reviewDay(db, learnerId, deck, nowMs)
  const items = await Promise.all(
    day.map(async (entry) => ({
      id: `${entry.card.id}:${entry.lastReviewId ?? 'first'}`,
      cardId: entry.card.id,
      lastReviewId: entry.lastReviewId,
      title: entry.card.title,
      keepOffline: cardById(entry.card.id)?.scenarios.length ? `/cards/${entry.card.id}` : null,
      node: await dayCardView(db, learnerId, entry, settings.timezone),
    })),
  )
  return (
    <SeeItFailLinks hrefs={seeItFailHrefs()}>
      <ReviewQueue items={items} serverUndo={undo} />
    </SeeItFailLinks>
  )
}

/** One card of the day as the loop shows it: a drill round, or the recall card with its answer. */
async function dayCardView(db: Db, learnerId: string, next: DayCard<ReviewCard>, timezone: string) {
  const card = next.card
  const textById = new Map(card.points.map((p) => [p.id, p.text]))
  const choices = RATINGS.map((rating) => ({
    rating,
    name: RATING_NAMES[rating],
    interval: intervalLabel(next.preview[rating]),
    dueLabel: formatInstant(next.preview[rating].next.dueMs, timezone),
  }))
  const queueNote = `${next.dueCount} due, ${next.newCount} new`

  // The answer-length target and the timelines are a built-in card's frontmatter fields (own cards have none).
  const builtIn = cardById(card.id)
  const answerTargetMinutes = builtIn?.answerTargetMinutes
  // The card's page draws them; the service worker keeps it with the day's queue (review-queue.tsx).
  const timelines =
    builtIn && builtIn.scenarios.length > 0 ? (
      <p className="mt-3">
        <Link href={`/cards/${card.id}#timelines-title`} className="underline underline-offset-2">
          This card&apos;s timelines
        </Link>{' '}
        ({builtIn.scenarios.length} {builtIn.scenarios.length === 1 ? 'scenario' : 'scenarios'})
      </p>
    ) : null
  const drill = await drillRoundFor(db, learnerId, card)
  if (drill) {
    return (
      <DrillReview
        cardId={card.id}
        title={card.title}
        prompt={card.prompt}
        queueNote={queueNote}
        questions={drill.questions}
        choices={choices}
      />
    )
  }

  return (
    <ReviewSession
      cardId={card.id}
      title={card.title}
      prompt={card.prompt}
      promptHtml={card.format === 'html' ? cardTextToHtml(card.prompt, 'html') : undefined}
      points={gradablePointsOf(card.points)}
      answer={
        <>
          {card.answerMarkdown.trim() === '' ? (
            <p className="mt-2 text-zinc-700 dark:text-zinc-300">This card has no model answer yet.</p>
          ) : (
            <div
              className="prose-drill mt-2"
              // Sanitized by lib/content/markdown (own cards are learner-written or imported).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitize-html output
              dangerouslySetInnerHTML={{
                __html: cardTextToHtml(card.answerMarkdown, card.format ?? 'markdown'),
              }}
            />
          )}
          {timelines}
        </>
      }
      choices={choices}
      missedLastTime={next.missedLastTime.flatMap((id) => textById.get(id) ?? [])}
      queueNote={queueNote}
      reviewRound={next.lastReviewId === null ? 'first' : String(next.lastReviewId)}
      answerTargetMs={answerTargetMinutes === undefined ? null : answerTargetMinutes * 60_000}
    />
  )
}
