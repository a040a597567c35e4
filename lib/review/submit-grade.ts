// One grade request, as the server action and POST /api/review/grade both take it:
// rate-limit, validate, resolve the learner and "now", remember the browser's zone on
// a first visit, record — storing the learner only for a card they have (a grade is a
// first write; a bad one stores nothing). Each caller maps the result to its own output.
import 'server-only'
import { headers } from 'next/headers'
import type { z } from 'zod'
import { sqlite } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { rateLimit } from '@/lib/http/edge'
import { currentLearnerId, ensureLearner, isStoredLearner } from '@/lib/learner'
import { studyDecks } from './decks'
import { gradeRequestSchema } from './grade-input'
import { type GradeResult, gradeFoundCard } from './grade-review'
import { rememberBrowserTimezone } from './learner-settings'

export type SubmitGradeResult =
  | { kind: 'invalid'; issues: z.core.$ZodIssue[] }
  | { kind: 'rate-limited'; response: Response }
  | GradeResult

export async function submitGrade(input: unknown): Promise<SubmitGradeResult> {
  // Both callers share the grade limit (per learner and per address): the action and the route.
  const limited = await rateLimit('grade', { headers: await headers() })
  if (limited) return { kind: 'rate-limited', response: limited }
  const parsed = gradeRequestSchema.safeParse(input)
  if (!parsed.success) return { kind: 'invalid', issues: parsed.error.issues }
  const learnerId = await currentLearnerId()
  const nowMs = await requestNowMs()
  const { timezone, ...grade } = parsed.data
  const decks = await studyDecks()
  // Any card this learner has (built-in, drill or their own); another learner's card is "not found".
  const found = decks.findCard(sqlite(), learnerId, grade.cardId)
  // A visitor's grade of a card they do not have stores nothing (no learner row either).
  if (!found && !isStoredLearner(learnerId)) return { kind: 'card-not-found', cardId: grade.cardId }
  ensureLearner(learnerId, nowMs)
  if (timezone) rememberBrowserTimezone(sqlite(), learnerId, timezone, nowMs)
  return gradeFoundCard(sqlite(), found, { ...grade, learnerId, nowMs })
}
