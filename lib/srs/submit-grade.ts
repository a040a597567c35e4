// One grade request, as the server action and POST /api/review/grade both take it:
// rate-limit, validate, resolve the learner and "now" (storing the learner: a grade
// is a first write), remember the browser's zone on a first visit, record. Each
// caller maps the result to its own output.
import 'server-only'
import { headers } from 'next/headers'
import type { z } from 'zod'
import { sqlite } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { allCards } from '@/lib/content/cards'
import { rateLimit } from '@/lib/http/edge'
import { currentLearnerId, ensureLearner, isStoredLearner } from '@/lib/learner'
import { gradeRequestSchema } from './grade-input'
import { type GradeResult, gradeReview, rememberBrowserTimezone } from './review'

export type SubmitGradeResult =
  | { kind: 'invalid'; issues: z.core.$ZodIssue[] }
  | { kind: 'rate-limited'; response: Response }
  | GradeResult

export async function submitGrade(input: unknown): Promise<SubmitGradeResult> {
  // Both callers share the grade limit (per learner and per address): the action and the route.
  const limited = rateLimit('grade', { headers: await headers() })
  if (limited) return { kind: 'rate-limited', response: limited }
  const parsed = gradeRequestSchema.safeParse(input)
  if (!parsed.success) return { kind: 'invalid', issues: parsed.error.issues }
  const nowMs = await requestNowMs()
  const { timezone, ...grade } = parsed.data
  const learnerId = await currentLearnerId()
  const deck = allCards()
  // Bad input stores nothing: a visitor's grade of an unknown card leaves no learner row.
  if (!deck.some((c) => c.id === grade.cardId) && !isStoredLearner(learnerId))
    return { kind: 'card-not-found', cardId: grade.cardId }
  ensureLearner(learnerId, nowMs)
  if (timezone) rememberBrowserTimezone(sqlite(), learnerId, timezone, nowMs)
  return gradeReview(sqlite(), deck, { ...grade, learnerId, nowMs })
}
