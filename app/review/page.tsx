import type { Metadata } from 'next'
import Link from 'next/link'
import { HydratesApart } from '@/components/hydrates-apart'
import { ClockNotice } from '@/components/offline/clock-notice'
import { ReviewQueue } from '@/components/review/review-queue'
import { SeeItFailLinks } from '@/components/review/see-it-fail'
import { UndoButton } from '@/components/review/undo-button'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { formatInstant } from '@/lib/calendar'
import { nextReview, settingsForLearner, studyDeckFor, studyDecks, undoableReview } from '@/lib/review'
import { dayItemOf } from '@/lib/review/day-items'
import { seeItFailHrefs } from '@/lib/sandbox/see-it-fail'
import { type GradeRating, RATING_NAMES } from '@/lib/srs/rubric'
import { studyContext } from '@/lib/study-context'

export const metadata: Metadata = { title: 'Review' }
export const dynamic = 'force-dynamic'

// The page carries the day's first card only, drawn in full (its prompt and timer are the first
// paint); the review queue fetches the rest from GET /api/review/day after it. A first visit is
// drawn in the default zone (a new learner's queue is the same in any zone): the queue stores the
// browser's zone and fetches the day in it, without redrawing the page (no input is lost).
export default async function ReviewPage() {
  const { db, learnerId, nowMs } = await studyContext()
  const knowsTimezone = (await studyQueries(db).getLearnerSettingsByLearnerId(learnerId)) !== undefined

  return (
    <section aria-labelledby="review-title" className="space-y-6">
      <h1 id="review-title" className="text-2xl font-bold">
        Review
      </h1>
      <ClockNotice />
      <ReviewBody db={db} learnerId={learnerId} nowMs={nowMs} knowsTimezone={knowsTimezone} />
    </section>
  )
}

async function ReviewBody({
  db,
  learnerId,
  nowMs,
  knowsTimezone,
}: {
  db: Db
  learnerId: string
  nowMs: number
  knowsTimezone: boolean
}) {
  const decks = await studyDecks()
  const [settings, deck, latest] = await Promise.all([
    settingsForLearner(db, learnerId),
    studyDeckFor(db, learnerId),
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

  // The day's first card is the one nextReview offers (GET /api/review/day draws the rest).
  const first = await dayItemOf(db, learnerId, next, settings.timezone)
  return (
    <SeeItFailLinks hrefs={seeItFailHrefs()}>
      <HydratesApart>
        <ReviewQueue
          first={first}
          serverUndo={undo}
          serverLatestLogId={latest?.id ?? null}
          knowsTimezone={knowsTimezone}
        />
      </HydratesApart>
    </SeeItFailLinks>
  )
}
