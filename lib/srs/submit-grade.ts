// One grade request, as the server action and POST /api/review/grade both take it:
// validate, resolve the learner and "now", remember the browser's zone on a first
// visit, record. Each caller maps the result to its own output.
import 'server-only'
import type { z } from 'zod'
import { sqlite } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { reviewCardById } from '@/lib/decks'
import { currentLearnerId } from '@/lib/learner'
import { gradeRequestSchema } from './grade-input'
import { type GradeResult, gradeReview, rememberBrowserTimezone } from './review'

export type SubmitGradeResult = { kind: 'invalid'; issues: z.core.$ZodIssue[] } | GradeResult

export async function submitGrade(input: unknown): Promise<SubmitGradeResult> {
  const parsed = gradeRequestSchema.safeParse(input)
  if (!parsed.success) return { kind: 'invalid', issues: parsed.error.issues }
  const learnerId = await currentLearnerId()
  const nowMs = await requestNowMs()
  const { timezone, ...grade } = parsed.data
  if (timezone) rememberBrowserTimezone(sqlite(), learnerId, timezone, nowMs)
  // Any card this learner has (built-in, drill or their own); another learner's card is "not found".
  const card = reviewCardById(sqlite(), learnerId, grade.cardId)
  return gradeReview(sqlite(), card ? [card] : [], { ...grade, learnerId, nowMs })
}
