// "Help me decide": for each desired retention 0.70–0.97, a seeded Monte Carlo of
// the days from today to the interview with the learner's own cards, memory states
// and answer times, in the shape of Anki's simulator (fsrs-rs simulate): each due
// review is recalled with the card's retrievability that day, a recalled card is
// rated Hard/Good/Easy and a first sight Again…Easy in the learner's own mix, each
// answer costs the learner's measured seconds for that rating, and the next due
// follows FSRS at that retention with the final-window rule. Out come minutes per
// day and expected recall on the interview day.
//
// Deterministic for a seed: every card draws from its own stream, the same stream
// for every retention (common random numbers), so two retentions differ by their
// schedules, not by luck. No released JS binding exposes fsrs-rs's simulator, hence
// this one on ts-fsrs: its memory model (fsrs-step.ts, held equal to ts-fsrs by test),
// intervals without fuzz, Again back the next study day, no daily limits; new cards
// start on the days the pacing plans.
import { S_MIN } from 'ts-fsrs'
import { type StudyDayConfig, studyDayNumberOf } from '@/lib/calendar'
import { mulberry32 } from '@/lib/mulberry32'
import { dueDayWithFinalWindow } from '@/lib/srs/final-window'
import type { CardSchedule } from '@/lib/srs/scheduler'
import type { AnswerProfile } from './answer-profile'
import { type FsrsStep, fsrsStep, type Memory } from './fsrs-step'

/** 0.70, 0.71, … 0.97: the 28 retentions Help me decide compares. */
export const RETENTION_CHOICES: readonly number[] = Array.from({ length: 28 }, (_, i) => (70 + i) / 100)

/** Card-runs per retention to aim for: more samples for a small deck, at least one for a big one. */
const TARGET_RUNS_PER_RETENTION = 4_000
const MAX_SAMPLES = 200

export interface DecideCard {
  cardId: string
  /** null: not started; it starts on `startDay` (the pacing's plan), if that is before the interview. */
  schedule: CardSchedule | null
  startDay: number | null
}

export interface DecideInput {
  cards: readonly DecideCard[]
  todayDay: number
  interviewDay: number
  config: StudyDayConfig
  parameters: readonly number[] | null
  sameDaySteps: boolean
  profile: AnswerProfile
  seed: number
  retentions?: readonly number[]
}

export interface RetentionOutcome {
  retention: number
  /** Mean minutes of answering per study day, today to the day before the interview. */
  minutesPerDay: number
  /** Mean reviews per study day (first sights included). */
  reviewsPerDay: number
  /** Mean recall at the start of the interview day over the cards studied by then. */
  expectedRecall: number
}

export interface DecideResult {
  seed: number
  samples: number
  days: number
  cards: number
  outcomes: RetentionOutcome[]
}

/** mulberry32 over a seed mixed from (seed, card, sample). */
function streamFor(seed: number, cardIndex: number, sample: number): () => number {
  return mulberry32(
    Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^
      Math.imul(cardIndex + 1, 0xc2b2ae35) ^
      Math.imul(sample + 1, 0x27d4eb2f),
  )
}

function pick(shares: readonly number[], u: number): number {
  let cumulative = 0
  for (let i = 0; i < shares.length; i++) {
    cumulative += shares[i]!
    if (u < cumulative) return i
  }
  return shares.length - 1
}

interface CardRun {
  seconds: number
  reviews: number
  /** Recall on the day, or null when the card is not studied by then. */
  recall: number | null
}

/** Where a card starts the simulation: its memory (null before its first sight), last review day and next review day. */
interface CardStart {
  cardId: string
  memory: Memory | null
  lastDay: number
  /** null: not studied by the interview, nothing to simulate. */
  firstDay: number | null
}

function startOf(card: DecideCard, input: DecideInput): CardStart {
  const schedule = card.schedule
  if (schedule && schedule.state !== 0 && schedule.lastReviewMs !== null)
    return {
      cardId: card.cardId,
      memory: {
        stability: Math.max(S_MIN, schedule.stability),
        difficulty: Math.min(10, Math.max(1, schedule.difficulty)),
      },
      lastDay: studyDayNumberOf(schedule.lastReviewMs, input.config),
      firstDay: Math.max(input.todayDay, studyDayNumberOf(schedule.dueMs, input.config)),
    }
  return {
    cardId: card.cardId,
    memory: null,
    lastDay: 0,
    firstDay: card.startDay === null ? null : Math.max(input.todayDay, card.startDay),
  }
}

function simulateCard(
  start: CardStart,
  random: () => number,
  { input, step, retention }: { input: DecideInput; step: FsrsStep; retention: number },
): CardRun {
  const { interviewDay, profile } = input
  if (start.firstDay === null) return { seconds: 0, reviews: 0, recall: null }
  let { memory, lastDay } = start
  let day = start.firstDay
  let seconds = 0
  let reviews = 0
  while (day < interviewDay) {
    const uRecall = random()
    const uRating = random()
    const firstSight = memory === null
    let rating: number
    if (!memory) {
      rating = pick(profile.firstRatingShare, uRating) + 1
      memory = step.next(null, 0, rating, 0)
      seconds += profile.firstSeconds[rating - 1]!
    } else {
      const elapsed = day - lastDay
      const recall = step.recall(elapsed, memory.stability)
      rating = uRecall < recall ? pick(profile.recalledRatingShare, uRating) + 2 : 1
      memory = step.next(memory, elapsed, rating, recall)
      seconds += profile.reviewSeconds[rating - 1]!
    }
    reviews++
    lastDay = day
    // Again comes back the next study day (same-day steps are not simulated; their minutes are small).
    const plainDays = rating === 1 ? 1 : step.intervalDays(memory.stability, retention)
    day = dueDayWithFinalWindow({
      cardKey: start.cardId,
      todayDay: day,
      plainDueDay: day + plainDays,
      interviewDay,
      firstSight,
    }).dueDay
  }
  const recall = memory ? step.recall(Math.max(0, interviewDay - lastDay), memory.stability) : null
  return { seconds, reviews, recall }
}

export function helpMeDecide(input: DecideInput): DecideResult {
  const retentions = input.retentions ?? RETENTION_CHOICES
  const days = Math.max(0, input.interviewDay - input.todayDay)
  const samples = Math.min(
    MAX_SAMPLES,
    Math.max(1, Math.round(TARGET_RUNS_PER_RETENTION / Math.max(1, input.cards.length))),
  )
  const step = fsrsStep({ parameters: input.parameters, enableShortTerm: input.sameDaySteps })
  const starts = input.cards.map((card) => startOf(card, input))
  const outcomes = retentions.map((retention): RetentionOutcome => {
    let seconds = 0
    let reviews = 0
    let recallSum = 0
    let recallCount = 0
    for (let sample = 0; sample < samples; sample++)
      starts.forEach((start, index) => {
        const run = simulateCard(start, streamFor(input.seed, index, sample), { input, step, retention })
        seconds += run.seconds
        reviews += run.reviews
        if (run.recall !== null) {
          recallSum += run.recall
          recallCount++
        }
      })
    const perDay = days === 0 ? 0 : 1 / (days * samples)
    return {
      retention,
      minutesPerDay: (seconds / 60) * perDay,
      reviewsPerDay: reviews * perDay,
      expectedRecall: recallCount === 0 ? 0 : recallSum / recallCount,
    }
  })
  return { seed: input.seed, samples, days, cards: input.cards.length, outcomes }
}
