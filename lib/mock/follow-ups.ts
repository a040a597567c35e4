// Which follow-up the interviewer asks next. Pure: the grader's verdicts on the main card's
// points (over everything said so far), the main card's follow-ups with the points each
// deepens, those already asked, and the learner's recall of each follow-up card.
//
// The biggest gap first: the critical point contradicted or left out, then any other point
// contradicted, then the points left out in the card's order — each time the first follow-up
// (in the card's order) that deepens it and was not asked yet. A gap a follow-up already dug
// into is not dug again. With no gap left to dig (everything was said), the follow-ups whose
// own points are hardest for this learner: lowest FSRS recall first (a card never studied is 0).
import type { PointVerdict } from '@/lib/grading'
import { MAX_FOLLOW_UPS } from './phases'

export interface FollowUpOption {
  id: string
  /** Point ids (of the main card, among others) this follow-up deepens. */
  deepens: readonly string[]
}

export interface FollowUpChoice {
  cardId: string
  /** The main card's point it digs into; null when chosen as the learner's hardest. */
  because: string | null
}

export interface FollowUpInput {
  mainPoints: readonly { id: string; critical: boolean }[]
  verdicts: readonly Pick<PointVerdict, 'id' | 'heard' | 'contradiction'>[]
  /** The main card's follow-ups, in its order. */
  options: readonly FollowUpOption[]
  asked: readonly string[]
  /** Recall now (0–1) per follow-up card id; missing: 0. */
  recall: Readonly<Record<string, number>>
}

/** The main card's points in the order the interviewer digs: biggest gap first. */
export function gapsInOrder(input: Pick<FollowUpInput, 'mainPoints' | 'verdicts'>): string[] {
  const verdictOf = new Map(input.verdicts.map((v) => [v.id, v]))
  const contradicted = (id: string) => verdictOf.get(id)?.contradiction != null
  const missing = (id: string) => !verdictOf.get(id)?.heard
  const critical = input.mainPoints.filter((p) => p.critical && (contradicted(p.id) || missing(p.id)))
  const others = input.mainPoints.filter((p) => !p.critical)
  return [
    ...critical.map((p) => p.id),
    ...others.filter((p) => contradicted(p.id)).map((p) => p.id),
    ...others.filter((p) => !contradicted(p.id) && missing(p.id)).map((p) => p.id),
  ]
}

export function nextFollowUp(input: FollowUpInput): FollowUpChoice | null {
  if (input.asked.length >= MAX_FOLLOW_UPS) return null
  const open = input.options.filter((o) => !input.asked.includes(o.id))
  if (open.length === 0) return null
  const dug = new Set(input.options.filter((o) => input.asked.includes(o.id)).flatMap((o) => o.deepens))
  for (const gap of gapsInOrder(input)) {
    if (dug.has(gap)) continue
    const deepening = open.find((o) => o.deepens.includes(gap))
    if (deepening) return { cardId: deepening.id, because: gap }
  }
  const hardest = open
    .map((option, order) => ({ option, order, recall: input.recall[option.id] ?? 0 }))
    .sort((a, b) => a.recall - b.recall || a.order - b.order)[0]
  return hardest ? { cardId: hardest.option.id, because: null } : null
}
