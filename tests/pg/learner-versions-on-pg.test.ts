// Goal: what the triggers of migrations 0010 and 0011 (pg 0008 and 0009) keep is true on both
// databases, however a row is written: the learner's review-log version moves on every review
// logged, rewritten or undone, the own-cards version on every card added, edited, suspended or
// deleted, and the card-states version on every state saved, due moved or state deleted — and on
// no other learner's writes; an own card is `seen` exactly while it has a state, whichever of the
// two was written first, so the day's new cards (own_cards_unseen) are the cards never studied.
import { describe, expect, test } from 'vitest'
import { type OwnCardRecord, ownCardQueries } from '@/db/queries/own-cards'
import { planQueries } from '@/db/queries/plan'
import { statsQueries } from '@/db/queries/stats'
import { type CardStateRecord, studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { alice, bob, openWithLearners, twoInstanceAdapters } from '@/tests/pg/two-instances'

const NOW = Date.UTC(2026, 5, 1, 12)

const adapters = twoInstanceAdapters({
  prefix: 'learner_versions_pg',
  tables: ['review_logs', 'card_states', 'own_cards', 'learner_versions', 'learners'],
})

function card(id: string): OwnCardRecord {
  return {
    id,
    title: `Card ${id}`,
    deckName: 'Alpha',
    deckSlug: 'alpha',
    prompt: 'Prompt',
    points: [],
    answerMarkdown: 'Answer',
    createdAtMs: NOW,
    updatedAtMs: NOW,
  }
}

function stateOf(cardId: string): CardStateRecord {
  return {
    cardId,
    dueMs: NOW,
    stability: 5,
    difficulty: 5,
    elapsedDays: 1,
    scheduledDays: 3,
    learningSteps: 0,
    reps: 1,
    lapses: 0,
    state: 2,
    lastReviewMs: NOW,
  }
}

async function logReview(db: Db, learnerId: string, cardId: string, at: number): Promise<number> {
  const id = await studyQueries(db).claimReviewLog({
    learnerId,
    cardId,
    attemptToken: `t-${learnerId}-${at}`,
    rating: 3,
    suggestedRating: 3,
    pointsTicked: '[]',
    pointsAll: '[]',
    durationMs: 1000,
    answerMode: 'typed',
    stateBefore: 0,
    reviewedAtMs: at,
    snapshot: null,
    dueAfterMs: at + 1000,
  })
  return id as number
}

const seenOf = async (db: Db, cardId: string) =>
  Boolean(
    (
      await db.get<{ seen: unknown }>(
        'SELECT seen FROM own_cards WHERE learner_id = ? AND id = ?',
        alice,
        cardId,
      )
    )?.seen,
  )

describe.each(adapters)('$name', (adapter) => {
  test('the review-log version moves on every review logged or undone, and only for its learner', async () => {
    const [a, b] = await openWithLearners(adapter, [alice, bob])
    const versionOf = (db: Db, learnerId: string) =>
      statsQueries(db).findReviewLogVersionByLearnerId({ learnerId })
    const seen = new Set([await versionOf(a, alice)])
    const first = await logReview(a, alice, 'c1', NOW)
    seen.add(await versionOf(b, alice))
    await logReview(a, alice, 'c1', NOW + 1)
    seen.add(await versionOf(b, alice))
    const bobBefore = await versionOf(a, bob)
    await studyQueries(a).deleteReviewLog({ learnerId: alice, logId: first })
    seen.add(await versionOf(b, alice))
    // Four states of the log, four versions, read by the other instance as well.
    expect(seen.size).toBe(4)
    expect(await versionOf(a, bob)).toBe(bobBefore)
  })

  test('the own-cards version moves on every card added, edited, suspended or deleted', async () => {
    const [a, b] = await openWithLearners(adapter, [alice, bob])
    const q = ownCardQueries(a)
    const versions = [await ownCardQueries(b).findOwnCardsVersionByLearnerId(alice)]
    const step = async (write: () => Promise<unknown>) => {
      await write()
      versions.push(await ownCardQueries(b).findOwnCardsVersionByLearnerId(alice))
    }
    await step(() => q.insertOwnCard(alice, card('c1')))
    const { createdAtMs: _created, ...edit } = card('c1')
    await step(() => q.updateOwnCard(alice, { ...edit, title: 'Edited', updatedAtMs: NOW + 1 }))
    await step(() => a.run('UPDATE own_cards SET suspended = NOT suspended WHERE learner_id = ?', alice))
    await step(() => q.deleteOwnCard({ learnerId: alice, cardId: 'c1' }))
    expect(new Set(versions).size).toBe(versions.length)
    const bobBefore = await q.findOwnCardsVersionByLearnerId(bob)
    await q.insertOwnCard(alice, card('c2'))
    expect(await q.findOwnCardsVersionByLearnerId(bob)).toBe(bobBefore)
  })

  test('the card-states version moves on every state saved, due moved or state deleted, and only for its learner', async () => {
    const [a, b] = await openWithLearners(adapter, [alice, bob])
    const study = studyQueries(a)
    const versionOf = (learnerId: string) => planQueries(b).findCardStatesVersionByLearnerId({ learnerId })
    const versions = [await versionOf(alice)]
    const step = async (write: () => Promise<unknown>) => {
      await write()
      versions.push(await versionOf(alice))
    }
    const bobBefore = await versionOf(bob)
    await step(() => study.saveCardState(alice, stateOf('c1')))
    await step(() => study.saveCardState(alice, { ...stateOf('c1'), reps: 2 }))
    // The interview date's reschedule: a due moved without a review.
    await step(() =>
      planQueries(a).moveCardDuesByLearnerId({
        learnerId: alice,
        moves: [{ cardId: 'c1', fromMs: NOW, toMs: NOW - 1000, scheduledDays: 2 }],
      }),
    )
    await step(() => study.deleteCardState({ learnerId: alice, cardId: 'c1' }))
    expect(new Set(versions).size).toBe(versions.length)
    expect(await versionOf(bob)).toBe(bobBefore)
  })

  test('an own card is seen exactly while it has a state, whichever was written first', async () => {
    const [a] = await openWithLearners(adapter, [alice])
    const q = ownCardQueries(a)
    const study = studyQueries(a)
    await q.insertOwnCard(alice, card('c1'))
    expect(await seenOf(a, 'c1')).toBe(false)
    await study.saveCardState(alice, stateOf('c1'))
    expect(await seenOf(a, 'c1')).toBe(true)
    // An upsert of the same state keeps it seen.
    await study.saveCardState(alice, { ...stateOf('c1'), reps: 2 })
    expect(await seenOf(a, 'c1')).toBe(true)
    await study.deleteCardState({ learnerId: alice, cardId: 'c1' })
    expect(await seenOf(a, 'c1')).toBe(false)
    // The state first (a transfer, an Anki import's order), the card after.
    await study.saveCardState(alice, stateOf('c2'))
    await q.insertOwnCard(alice, card('c2'))
    expect(await seenOf(a, 'c2')).toBe(true)
  })
})
