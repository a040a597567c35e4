// Goal: a kept /stats view is the view of the data as it stands: the same object while nothing
// changed, and worked out again after a review, after an edit of the cards (their key), after
// the settings change and in the next hour.
import { Rating } from 'ts-fsrs'
import { describe, expect, test } from 'vitest'
import type { StatsInput } from '@/lib/stats/build'
import { defaultStatsSettings } from '@/lib/stats/inputs'
import { keptStatsView } from '@/lib/stats/kept-view'
import { addLearner, asDb, freshDatabase, recordReview } from '../transfer/testing'

const learner = '11111111-1111-4111-8111-111111111111'
const t0 = Date.parse('2026-03-02T09:00:00Z')

describe('keptStatsView', () => {
  test('reads again only when the log, the cards, the settings or the hour changed', async () => {
    const db = asDb(freshDatabase())
    await addLearner(db, learner, t0)
    let reads = 0
    const read = async (): Promise<StatsInput> => {
      reads++
      return { settings: defaultStatsSettings, reviews: [], cardStates: [], cards: [] }
    }
    const view = (nowMs: number, cardsKey = '1:0', settingsKey = 'a') =>
      keptStatsView(db, learner, nowMs, { settingsKey, cardsKey, read })

    const first = await view(t0)
    expect(await view(t0 + 60_000)).toBe(first)
    expect(reads).toBe(1)
    await recordReview(db, learner, {
      cardId: 'idempotency-keys',
      rating: Rating.Good,
      nowMs: t0 + 120_000,
      pointsAll: ['a'],
      pointsTicked: ['a'],
    })
    await view(t0 + 180_000)
    expect(reads).toBe(2)
    await view(t0 + 180_000, '2:5')
    expect(reads).toBe(3)
    await view(t0 + 180_000, '2:5', 'b')
    expect(reads).toBe(4)
    await view(t0 + 3_600_000, '2:5', 'b')
    expect(reads).toBe(5)
    await view(t0 + 3_600_000 + 1000, '2:5', 'b')
    expect(reads).toBe(5)
  })
})
