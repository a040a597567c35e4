// Per-point recall on the interview day, from the per-point memory the review log
// already keeps: every review records which of the card's points were asked
// (`pointsAll`) and which the learner made (`pointsTicked`). Each point's history is
// replayed through FSRS as its own little card (made → Good, missed → Again, on the
// study days of those reviews), and its retrievability read at the interview day.
import { default_w, FSRSAlgorithm, Rating } from 'ts-fsrs'
import type { PointReview } from '@/db/queries/plan'
import { type StudyDayConfig, studyDayNumberOf } from '@/lib/calendar'

export interface PointRecall {
  pointId: string
  text: string
  critical: boolean
  /** Reviews that asked this point, and how many of them it was missed in. */
  asked: number
  missed: number
  /** null: never asked. */
  recallAtInterview: number | null
}

export interface CardPointRecall {
  cardId: string
  title: string
  points: PointRecall[]
}

function idList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

export function pointRecallAtInterview({
  cards,
  reviews,
  interviewDay,
  config,
  parameters,
}: {
  cards: readonly {
    id: string
    title: string
    points: readonly { id: string; text: string; critical: boolean }[]
  }[]
  /** The learner's reviews, each card's in time order. */
  reviews: readonly PointReview[]
  interviewDay: number
  config: StudyDayConfig
  parameters: readonly number[] | null
}): CardPointRecall[] {
  const algorithm = new FSRSAlgorithm({ w: [...(parameters ?? default_w)] })
  const byCard = new Map<string, PointReview[]>()
  for (const review of reviews) {
    const list = byCard.get(review.cardId)
    if (list) list.push(review)
    else byCard.set(review.cardId, [review])
  }
  const result: CardPointRecall[] = []
  for (const card of cards) {
    const history = byCard.get(card.id)
    if (!history || card.points.length === 0) continue
    const decoded = history.map((review) => ({
      day: studyDayNumberOf(review.reviewedAtMs, config),
      asked: new Set(idList(review.pointsAll)),
      made: new Set(idList(review.pointsTicked)),
    }))
    const points = card.points.map((point): PointRecall => {
      let memory: { stability: number; difficulty: number } | null = null
      let lastDay = 0
      let asked = 0
      let missed = 0
      for (const review of decoded) {
        if (!review.asked.has(point.id)) continue
        const made = review.made.has(point.id)
        const day = review.day
        memory = algorithm.next_state(memory, memory ? day - lastDay : 0, made ? Rating.Good : Rating.Again)
        lastDay = day
        asked++
        if (!made) missed++
      }
      return {
        pointId: point.id,
        text: point.text,
        critical: point.critical,
        asked,
        missed,
        recallAtInterview: memory
          ? algorithm.forgetting_curve(Math.max(0, interviewDay - lastDay), memory.stability)
          : null,
      }
    })
    result.push({ cardId: card.id, title: card.title, points })
  }
  return result
}
