// Goal: Save grades records one review per card a mock asked, with the suggested rating (a
// critical point contradicted → Again) or the learner's, once per mock — a second save or the
// same save racing on two instances records nothing more — and a save naming a card the
// learner does not have, or one the mock did not ask, stores nothing. On SQLite and PostgreSQL.
import { beforeEach, describe, expect, test } from 'vitest'
import { mockQueries } from '@/db/queries/mocks'
import type { Db } from '@/db/sql/db'
import { finishMock } from '@/lib/mock/finish-mock'
import type { FinishMockRequest, MockPhase } from '@/lib/mock/phases'
import { saveMockGrades } from '@/lib/mock/save-grades'
import { studyDecks } from '@/lib/review'
import { Rating } from '@/lib/srs/rubric'
import { alice, bob, openWithLearners, twoInstanceAdapters } from '@/tests/pg/two-instances'
import { reviewLogCountOn } from '@/tests/review/fixtures'

const t0 = Date.parse('2026-03-10T10:00:00Z')
const mockId = '33333333-3333-4333-8333-333333333333'

const adapters = twoInstanceAdapters({
  prefix: 'mock_pg',
  tables: [
    'mock_interviews',
    'review_requests',
    'review_logs',
    'card_states',
    'learner_settings',
    'learners',
  ],
})

const phase = (kind: MockPhase['kind'], cardId: string, text: string): MockPhase => ({
  kind,
  cardId,
  text,
  answerMode: 'typed',
  durationMs: 60_000,
  targetMs: 180_000,
  because: null,
})

const chargeFirst: FinishMockRequest = {
  id: mockId,
  mainCardId: 'idempotency-keys',
  phases: [
    phase(
      'walkthrough',
      'idempotency-keys',
      'I would charge the card first and then insert the idempotency key.',
    ),
    phase('follow-up', 'provider-outside-transaction', 'We send our own idempotency key to the provider.'),
    phase('add', 'idempotency-keys', ''),
  ],
}

async function finish(db: Db, learnerId: string, request: FinishMockRequest) {
  return finishMock(db, await studyDecks(), { learnerId, nowMs: t0, storeLearner: async () => {} }, request)
}

const save = async (
  db: Db,
  learnerId: string,
  ratings: { cardId: string; rating: 1 | 2 | 3 | 4 }[] = [],
  id = mockId,
) => saveMockGrades(db, await studyDecks(), { learnerId, mockId: id, ratings, nowMs: t0 + 60_000 })

describe.each(adapters)('a mock interview on $name', (adapter) => {
  let a: Db
  let b: Db
  beforeEach(async () => {
    ;[a, b] = await openWithLearners(adapter, [alice, bob])
  })

  test('Finish stores it once; a bad shape or a card the learner lacks stores nothing', async () => {
    expect(await finish(a, alice, chargeFirst)).toEqual({ kind: 'stored', id: mockId })
    expect(await finish(b, alice, chargeFirst)).toEqual({ kind: 'exists', id: mockId })
    const otherId = '44444444-4444-4444-8444-444444444444'
    const notAFollowUp = {
      ...chargeFirst,
      id: otherId,
      phases: [chargeFirst.phases[0]!, phase('follow-up', 'idempotency-keys', '')],
    }
    expect((await finish(a, alice, notAFollowUp)).kind).toBe('invalid')
    expect(await finish(a, alice, { ...chargeFirst, id: otherId, mainCardId: 'no-such-card' })).toEqual({
      kind: 'card-not-found',
      cardId: 'no-such-card',
    })
    expect(await mockQueries(a).getMockById({ learnerId: alice, id: otherId })).toBeUndefined()
    expect(await mockQueries(a).getMockById({ learnerId: bob, id: mockId })).toBeUndefined()
  })

  test('Save grades: one review per card asked with its suggested rating, then nothing more', async () => {
    await finish(a, alice, chargeFirst)
    const first = await save(a, alice, [{ cardId: 'provider-outside-transaction', rating: Rating.Hard }])
    expect(first.kind).toBe('saved')
    if (first.kind !== 'saved') return
    // The charge-first walk-through contradicts the critical point: Again, as /review suggests it.
    expect(first.reviews.map((r) => [r.cardId, r.rating])).toEqual([
      ['idempotency-keys', Rating.Again],
      ['provider-outside-transaction', Rating.Hard],
    ])
    expect(await reviewLogCountOn(a, alice)).toBe(2)
    const second = await save(b, alice, [{ cardId: 'idempotency-keys', rating: Rating.Easy }])
    expect(second).toEqual({
      kind: 'already-saved',
      ratings: { 'idempotency-keys': Rating.Again, 'provider-outside-transaction': Rating.Hard },
    })
    expect(await reviewLogCountOn(a, alice)).toBe(2)
  })

  test('the same save sent to two instances at once records the reviews once', async () => {
    await finish(a, alice, chargeFirst)
    const results = await Promise.all([save(a, alice), save(b, alice), save(a, alice), save(b, alice)])
    expect(results.filter((r) => r.kind === 'saved')).toHaveLength(1)
    expect(results.filter((r) => r.kind === 'already-saved')).toHaveLength(3)
    expect(await reviewLogCountOn(a, alice)).toBe(2)
  })

  test('a card the learner lacks, a card not asked, or another learner’s mock: refused, nothing stored', async () => {
    await finish(a, alice, chargeFirst)
    expect(await save(a, alice, [{ cardId: 'no-such-card', rating: Rating.Good }])).toEqual({
      kind: 'card-not-found',
      cardId: 'no-such-card',
    })
    expect(await save(a, alice, [{ cardId: 'unknown-outcome', rating: Rating.Good }])).toEqual({
      kind: 'card-not-in-mock',
      cardId: 'unknown-outcome',
    })
    expect(await save(a, bob)).toEqual({ kind: 'mock-not-found' })
    expect(await reviewLogCountOn(a, alice)).toBe(0)
    expect(await reviewLogCountOn(a, bob)).toBe(0)
    expect((await mockQueries(a).getMockById({ learnerId: alice, id: mockId }))?.savedAtMs).toBeNull()
  })
})
