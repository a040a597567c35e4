// The study day's cards as serializable data (day-card.ts): /review draws
// the first one in its HTML, GET /api/review/day sends them all after it. Prompts and model
// answers are sanitized here (lib/content/markdown); the browser only draws them.
import type { Db } from '@/db/sql/db'
import { formatInstant } from '@/lib/calendar'
import { cardById } from '@/lib/content/cards'
import { cardTextToHtml } from '@/lib/content/markdown'
import type { ReviewCard } from '@/lib/decks'
import type { TaughtPhrase } from '@/lib/grading'
import { RATING_NAMES, RATINGS } from '@/lib/srs/rubric'
import { intervalLabel } from '@/lib/srs/scheduler'
import type { DayCardData, DayItem } from './day-card'
import { studyDeckFor } from './decks'
import { drillRoundFor } from './drill-round'
import { settingsForLearner } from './learner-settings'
import { type DayCard, reviewDay } from './next-review'
import { gradablePointsOf } from './suggest-grade'
import { taughtForCard, taughtPhrasesOf } from './teach-grader'

/** The day's cards in queue order, each drawn in full (the first is the one nextReview offers). */
export async function dayItems(db: Db, learnerId: string, nowMs: number): Promise<DayItem[]> {
  const [settings, deck] = await Promise.all([settingsForLearner(db, learnerId), studyDeckFor(db, learnerId)])
  const [day, taught] = await Promise.all([
    reviewDay(db, learnerId, deck, nowMs),
    taughtPhrasesOf(db, learnerId),
  ])
  return Promise.all(day.map((entry) => dayItemOf(db, learnerId, entry, settings.timezone, taught)))
}

export async function dayItemOf(
  db: Db,
  learnerId: string,
  entry: DayCard<ReviewCard>,
  timezone: string,
  /** The learner's taught phrases (read once per day); omitted: read here. */
  taught?: readonly TaughtPhrase[],
): Promise<DayItem> {
  const phrases = taught ?? (await taughtPhrasesOf(db, learnerId))
  return {
    id: `${entry.card.id}:${entry.lastReviewId ?? 'first'}`,
    cardId: entry.card.id,
    lastReviewId: entry.lastReviewId,
    title: entry.card.title,
    keepOffline: cardById(entry.card.id)?.scenarios.length ? `/cards/${entry.card.id}` : null,
    card: await dayCardData(db, learnerId, entry, timezone, phrases),
  }
}

/** One card of the day as the loop shows it: a drill round, or the recall card with its answer. */
async function dayCardData(
  db: Db,
  learnerId: string,
  next: DayCard<ReviewCard>,
  timezone: string,
  taught: readonly TaughtPhrase[],
): Promise<DayCardData> {
  const card = next.card
  const choices = RATINGS.map((rating) => ({
    rating,
    name: RATING_NAMES[rating],
    interval: intervalLabel(next.preview[rating]),
    dueLabel: formatInstant(next.preview[rating].next.dueMs, timezone),
  }))
  const queueNote = `${next.dueCount} due, ${next.newCount} new`
  const drill = await drillRoundFor(db, learnerId, card)
  if (drill) {
    return {
      kind: 'drill',
      cardId: card.id,
      title: card.title,
      prompt: card.prompt,
      queueNote,
      questions: drill.questions,
      choices,
    }
  }
  // The answer-length target and the timelines are a built-in card's frontmatter fields (own cards have none).
  const builtIn = cardById(card.id)
  const textById = new Map(card.points.map((p) => [p.id, p.text]))
  return {
    kind: 'recall',
    cardId: card.id,
    title: card.title,
    prompt: card.prompt,
    ...(card.format === 'html' ? { promptHtml: cardTextToHtml(card.prompt, 'html') } : {}),
    points: gradablePointsOf(card.points),
    // With the card, so the browser hears them offline too (the service worker keeps the day).
    taught: taughtForCard(card.id, card.points, taught),
    answerHtml:
      card.answerMarkdown.trim() === ''
        ? null
        : cardTextToHtml(card.answerMarkdown, card.format ?? 'markdown'),
    // The card's page draws them; the service worker keeps it with the day's queue (review-queue.tsx).
    timelines:
      builtIn && builtIn.scenarios.length > 0
        ? { href: `/cards/${card.id}#timelines-title`, scenarios: builtIn.scenarios.length }
        : null,
    choices,
    missedLastTime: next.missedLastTime.flatMap((id) => textById.get(id) ?? []),
    queueNote,
    reviewRound: next.lastReviewId === null ? 'first' : String(next.lastReviewId),
    answerTargetMs: builtIn?.answerTargetMinutes === undefined ? null : builtIn.answerTargetMinutes * 60_000,
  }
}
