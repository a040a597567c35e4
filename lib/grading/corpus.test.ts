// The grader against its labelled corpus (content/grading): the floors it truly meets, on the tuning part
// and on the held-out part (never read while tuning the rubrics), and on the strangers' answers (strangers-1
// tuned on, strangers-2 held out). `npm run bench:grading` prints the figures per card; the targets of issue
// 46 are exact ≥ 85 %, precision ≥ 0.95, recall ≥ 0.90 and no critical point heard in a wrong design.
import { describe, expect, test } from 'vitest'
import { allCards } from '@/lib/content/cards'
import { CORPUS_SPLITS, type CorpusSplit, loadCorpus } from '@/lib/content/grading-corpus'
import { emptyScore, exactRateOf, precisionOf, recallOf, scoreAnswer } from '@/lib/grading/score'

const cards = allCards()

function scoreOf(split: CorpusSplit) {
  const score = emptyScore()
  for (const answer of loadCorpus([split]))
    scoreAnswer(score, cards.find((c) => c.id === answer.card)!.points, answer)
  return score
}

describe('the labelled corpus', () => {
  test('holds at least 150 answers over all seven cards, three wrong designs or more per critical point', () => {
    const corpus = loadCorpus()
    expect(corpus.length).toBeGreaterThanOrEqual(150)
    expect(new Set(corpus.map((a) => a.card))).toEqual(new Set(cards.map((c) => c.id)))
    for (const card of cards) {
      const critical = card.points.find((p) => p.critical)
      if (!critical) continue
      const wrong = corpus.filter(
        (a) => a.card === card.id && a.contradictions.some((c) => c.point === critical.id),
      )
      expect(wrong.length, card.id).toBeGreaterThanOrEqual(3)
    }
    for (const kind of ['paraphrase', 'recognizer', 'numbers-in-words', 'wrong-design'])
      expect(corpus.some((a) => a.kind === kind)).toBe(true)
  })

  // strangers-2 (held out, written without the rubrics) still hears some; its ceiling is below.
  test.each(CORPUS_SPLITS.filter((s) => s !== 'strangers-2'))(
    '%s: no critical point is heard in an answer that gives a wrong design of it',
    (split) => {
      const score = scoreOf(split)
      expect(score.wrongDesignsOfCritical).toBeGreaterThan(0)
      expect(score.criticalHeardInWrong).toBe(0)
    },
  )

  test('strangers-2: critical points heard in wrong designs stay at or below the measured 4 of 21', () => {
    const score = scoreOf('strangers-2')
    expect(score.wrongDesignsOfCritical).toBeGreaterThanOrEqual(21)
    expect(score.criticalHeardInWrong).toBeLessThanOrEqual(4)
  })

  test.each([
    ['tuning', 0.95, 0.97, 0.97],
    ['held-out', 0.9, 0.95, 0.95],
    ['strangers-1', 0.75, 0.92, 0.92],
    ['strangers-2', 0.45, 0.82, 0.82],
  ] as const)(
    '%s: exact-match rate, precision and recall stay at their measured floors',
    (split, exact, precision, recall) => {
      const score = scoreOf(split)
      expect(exactRateOf(score)).toBeGreaterThanOrEqual(exact)
      expect(precisionOf(score)).toBeGreaterThanOrEqual(precision)
      expect(recallOf(score)).toBeGreaterThanOrEqual(recall)
    },
  )
})
