// The review queue's deck without reading every card (issue 50): the cards held in memory
// (the built-in decks and the drills, a few dozen) as they are, and the learner's own cards —
// thousands, from Anki — only as the queue needs them: the day's due rows, the first new cards
// in deck order, and counts, read in SQL (db/queries/own-queue.ts). A card the queue offers is
// then read in full by id. lib/review/next-review.ts plans over it as over a whole deck.
import { ownCardQueries } from '@/db/queries/own-cards'
import { ownQueueQueries } from '@/db/queries/own-queue'
import type { Db } from '@/db/sql/db'
import { OWN_DECK_PREFIX, type ReviewCard } from '@/lib/decks'
import { reviewCardOfOwn } from '@/lib/decks/sources/own'
import type { DueRow } from '@/lib/srs/queue'

export interface StudyDeck<C = ReviewCard> {
  readonly lazy: true
  /** The in-memory cards of the decks that are on, in deck order (own decks come after them). */
  atHand: readonly C[]
  /** The learner's own cards in decks that are on, not suspended: read on demand. */
  own: {
    dueBetween(fromMs: number, toMs: number, limit: number): Promise<DueRow[]>
    /** Counted up to `cap` (the day's room and one more: what the queue shows), or exactly with Infinity. */
    dueCountBefore(toMs: number, cap: number): Promise<number>
    unseen(limit: number): Promise<C[]>
    unseenCount(cap: number): Promise<number>
    count(): Promise<number>
    /** A card of a due row, read in full when the queue offers it. */
    load(cardId: string): Promise<C | undefined>
  }
  /** States' due times of the in-memory cards (seen = has a state). */
  atHandDue(): Promise<DueRow[]>
}

export function isStudyDeck<C>(deck: readonly C[] | StudyDeck<C>): deck is StudyDeck<C> {
  return !Array.isArray(deck) && (deck as Partial<StudyDeck<C>>).lazy === true
}

const stubs = new WeakSet<object>()

/** Whether a card is a due own card's placeholder (dueStub). */
export function isDueStub(card: object): boolean {
  return stubs.has(card)
}

/** A placeholder for a due own card until the queue offers it (its id is all the queue reads). */
export function dueStub(cardId: string): ReviewCard {
  const stub: ReviewCard = {
    id: cardId,
    deckId: OWN_DECK_PREFIX,
    title: '',
    prompt: '',
    answerMarkdown: '',
    kind: 'recall',
    points: [],
  }
  stubs.add(stub)
  return stub
}

/** A SQL LIMIT for a cap (Infinity: every row). */
const capOf = (cap: number) => (Number.isFinite(cap) ? Math.max(0, Math.floor(cap)) : Number.MAX_SAFE_INTEGER)

export function studyDeckOf(
  db: Db,
  learnerId: string,
  atHand: readonly ReviewCard[],
  disabled: ReadonlySet<string>,
): StudyDeck {
  const q = ownQueueQueries(db)
  const disabledSlugs = [...disabled]
    .filter((id) => id.startsWith(OWN_DECK_PREFIX))
    .map((id) => id.slice(OWN_DECK_PREFIX.length))
  const scope = { learnerId, disabled: disabledSlugs }
  const load = async (cardId: string) => {
    const card = await ownCardQueries(db).getOwnCardByLearnerAndId({ learnerId, cardId })
    return card && reviewCardOfOwn(card)
  }
  return {
    lazy: true,
    atHand,
    own: {
      dueBetween: (fromMs, toMs, limit) => q.listOwnDueBetween({ ...scope, fromMs, toMs, limit }),
      dueCountBefore: (toMs, cap) => q.countOwnDueBefore({ ...scope, toMs, cap: capOf(cap) }),
      unseen: async (limit) => {
        if (limit <= 0) return []
        const ids = await q.listOwnUnseenIds({ ...scope, limit })
        return (await Promise.all(ids.map(load))).filter((card): card is ReviewCard => card !== undefined)
      },
      unseenCount: (cap) => q.countOwnUnseen({ ...scope, cap: capOf(cap) }),
      count: () => q.countOwnInQueue(scope),
      load,
    },
    atHandDue: () => q.listDueOf({ learnerId, cardIds: atHand.map((card) => card.id) }),
  }
}
