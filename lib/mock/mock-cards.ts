// The cards a mock interview asks: built-in cards with follow-ups (the main card first, the
// default), each follow-up with the points it deepens, and the learner's recall of each
// follow-up card now (FSRS retrievability; 0 for a card never studied). Server-side: reads
// content files and the learner's card states.
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { allCards, cardById } from '@/lib/content/cards'
import type { Card } from '@/lib/content/schema'
import type { DeckRegistry } from '@/lib/decks'
import { toSchedule } from '@/lib/review/stored'
import { retrievabilityNow } from '@/lib/srs/scheduler'
import type { StudySettings } from '@/lib/srs/settings'
import type { FollowUpOption } from './follow-ups'
import { ADD_TARGET_MS, DEFAULT_TARGET_MS } from './phases'
import type { ReportCard } from './report'

/** A card as the mock asks it: prompt, points (with their rubric) and the phase's clock. */
export interface MockCard extends ReportCard {
  targetMs: number
}

/** A main card the learner may pick, with what the interviewer needs to run it in the browser. */
export interface MockPlan {
  main: MockCard
  /** The main card's deck (topic): the picker groups the questions by it. */
  deckTitle: string
  /** Whether that deck is switched on (Surprise me draws only from those). */
  deckOn: boolean
  followUps: (MockCard & FollowUpOption)[]
  /** Recall now per follow-up card id. */
  recall: Record<string, number>
  addTargetMs: number
}

export function mockCardOf(card: Card): MockCard {
  return {
    id: card.id,
    title: card.title,
    prompt: card.prompt,
    points: card.points,
    targetMs: card.answerTargetMinutes === undefined ? DEFAULT_TARGET_MS : card.answerTargetMinutes * 60_000,
  }
}

/** A question as the picker lists it (its plan is fetched once it is picked). */
export interface MockChoice {
  id: string
  title: string
  deckTitle: string
  deckOn: boolean
}

export function mockChoiceOf({ card, deckTitle, deckOn }: MainCardChoice): MockChoice {
  return { id: card.id, title: card.title, deckTitle, deckOn }
}

/** A main card the learner may pick, with its deck's title and switch. */
export interface MainCardChoice {
  card: Card
  deckTitle: string
  deckOn: boolean
}

/**
 * Built-in cards with follow-ups the learner has, in teaching order (the idempotency card
 * first, the default), whether or not their deck is on: a learner may pick any; Surprise me
 * draws from the decks that are on.
 */
export async function mainCardChoices(
  db: Db,
  decks: DeckRegistry,
  learnerId: string,
): Promise<MainCardChoice[]> {
  const withFollowUps = allCards().filter((card) => card.followUps.length > 0)
  const [had, deckList] = await Promise.all([
    Promise.all(withFollowUps.map((card) => decks.findCard(db, learnerId, card.id))),
    decks.decksFor(db, learnerId),
  ])
  const deckById = new Map(deckList.map((deck) => [deck.id, deck]))
  return withFollowUps
    .filter((_, i) => had[i] !== undefined)
    .map((card) => ({
      card,
      deckTitle: deckById.get(card.deck)?.title ?? card.deck,
      deckOn: deckById.get(card.deck)?.enabled ?? true,
    }))
}

/**
 * A plan per main card. Follow-ups are shared between main cards, so each follow-up's state is
 * read once and the learner's settings once, for all the plans.
 */
export async function mockPlansFor(
  db: Db,
  learnerId: string,
  mains: readonly MainCardChoice[],
  nowMs: number,
  settings: StudySettings,
): Promise<MockPlan[]> {
  const followUpsOf = (main: Card) =>
    main.followUps.flatMap((id) => {
      const card = cardById(id)
      return card ? [{ ...mockCardOf(card), deepens: card.deepens }] : []
    })
  const plans = mains.map(({ card, ...deck }) => ({ main: card, deck, followUps: followUpsOf(card) }))
  const ids = [...new Set(plans.flatMap(({ followUps }) => followUps.map((card) => card.id)))]
  const q = studyQueries(db)
  const states = await Promise.all(
    ids.map((cardId) => q.getCardStateByLearnerAndCardId({ learnerId, cardId })),
  )
  const recallById = new Map(
    ids.map((id, i) => [id, retrievabilityNow(id, toSchedule(states[i]), nowMs, settings)]),
  )
  return plans.map(({ main, deck, followUps }) => ({
    main: mockCardOf(main),
    ...deck,
    followUps,
    recall: Object.fromEntries(followUps.map((card) => [card.id, recallById.get(card.id) ?? 0])),
    addTargetMs: ADD_TARGET_MS,
  }))
}
