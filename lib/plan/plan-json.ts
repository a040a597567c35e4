// GET /api/plan's body: the plan's numbers with instants as ISO strings and days as
// 'YYYY-MM-DD' study dates. The first five keys and the card fields are the
// contract (README, "Your interview plan"); the rest add what /plan draws.

import { dayNumberIsoDate } from '@/lib/calendar'
import type { Plan } from './build-plan'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
const day = (dayNumber: number | null) => (dayNumber === null ? null : dayNumberIsoDate(dayNumber))

export function planJson(plan: Plan) {
  return {
    interviewDate: plan.interviewDate,
    daysLeft: plan.daysLeft,
    expectedRecall: plan.expectedRecall,
    expectedRecallWithPlan: plan.expectedRecallWithPlan,
    cards: plan.cards.map((card) => ({
      cardId: card.cardId,
      title: card.title,
      state: card.state,
      stability: card.stability,
      difficulty: card.difficulty,
      lastReviewAt: iso(card.lastReviewMs),
      nextDueAt: iso(card.nextDueMs),
      recallAtInterview: card.recallAtInterview,
    })),
    status: plan.status,
    interviewStartsAt: iso(plan.interviewStartMs),
    plannedReviews: plan.cards
      .filter((card) => card.plannedReviews > 0 || card.plannedStartDay !== null)
      .map((card) => ({
        cardId: card.cardId,
        recallWithPlan: card.recallWithPlan,
        plannedReviews: card.plannedReviews,
        lastPlannedReviewAt: iso(card.lastPlannedReviewMs),
        plannedStart: day(card.plannedStartDay),
        startBy: day(card.startByDay),
      })),
    reviewsPerDay: plan.days.map(({ date, reviews, newCards }) => ({ date, reviews, newCards })),
    newCards: {
      limitToday: plan.pacing.limitToday,
      neededPerDay: plan.pacing.neededPerDay,
      maximumPerDay: plan.pacing.ceiling,
      shortPerDay: plan.pacing.shortPerDay,
      cardsLate: plan.pacing.cardsLate,
    },
  }
}

export type PlanJson = ReturnType<typeof planJson>
