// The studied cards ordered by their recall on the interview day, weakest first: what /plan shows
// when a learner has more studied cards than a page holds (the ones worth a look before the day).
// Sorted once per plan (a kept plan is shown many times) and never changed: callers slice it.
import type { Plan, PlanCard } from './build-plan'

const sortedByPlan = new WeakMap<Plan, readonly PlanCard[]>()

/** Recall on the day with the plan (else with no further review); a card without either sorts last. */
function recallOnTheDay(card: PlanCard): number {
  return card.recallWithPlan ?? card.recallAtInterview ?? Number.POSITIVE_INFINITY
}

export function studiedCardsWeakestFirst(plan: Plan): readonly PlanCard[] {
  let sorted = sortedByPlan.get(plan)
  if (!sorted) {
    sorted = plan.cards
      .filter((card) => card.lastReviewMs !== null)
      .sort((a, b) => recallOnTheDay(a) - recallOnTheDay(b) || (a.cardId < b.cardId ? -1 : 1))
    sortedByPlan.set(plan, sorted)
  }
  return sorted
}
