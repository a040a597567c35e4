// One grade request, as POST /api/review/grade takes it (the review page's queue sends there):
// rate-limit, validate, resolve the learner and "now", remember the browser's zone on
// a first visit, record — storing the learner only for a card they have (a grade is a
// first write; a bad one stores nothing). Each caller maps the result to its own output.
import 'server-only'
import { headers } from 'next/headers'
import type { z } from 'zod'
import { studyDb } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { rateLimit } from '@/lib/http/edge'
import { currentLearnerId, ensureLearner, isStoredLearner } from '@/lib/learner'
import { studyDecks } from './decks'
import { gradeRequestSchema } from './grade-input'
import { gradeFingerprint } from './grade-key'
import { type GradeResult, gradeFoundCard } from './grade-review'
import { rememberBrowserTimezone } from './learner-settings'

/** How far back a device's review time may lie: a queue older than this is refused (400). */
export const MAX_QUEUED_AGE_MS = 30 * 86_400_000

export type SubmitGradeResult =
  | { kind: 'invalid'; issues: z.core.$ZodIssue[] }
  | { kind: 'rate-limited'; response: Response }
  | GradeResult

/**
 * `key` is the request's Idempotency-Key (already parsed): the outcome is stored under it and
 * the key is the review's attempt token. Without one, the body's `attemptToken` is required.
 */
export async function submitGrade(input: unknown, key?: string): Promise<SubmitGradeResult> {
  // Both callers share the grade limit (per learner and per address): the action and the route.
  const limited = await rateLimit('grade', { headers: await headers() })
  if (limited) return { kind: 'rate-limited', response: limited }
  const parsed = gradeRequestSchema.safeParse(input)
  if (!parsed.success) return { kind: 'invalid', issues: parsed.error.issues }
  const attemptToken = key ?? parsed.data.attemptToken
  if (attemptToken === undefined)
    return {
      kind: 'invalid',
      issues: [issue(['attemptToken'], 'required without an Idempotency-Key header')],
    }
  const nowMs = await requestNowMs()
  const reviewedAtMs = parsed.data.reviewedAt === undefined ? undefined : Date.parse(parsed.data.reviewedAt)
  if (reviewedAtMs !== undefined && reviewedAtMs < nowMs - MAX_QUEUED_AGE_MS)
    return { kind: 'invalid', issues: [issue(['reviewedAt'], 'more than 30 days ago')] }
  const learnerId = await currentLearnerId()
  const { timezone, attemptToken: _token, reviewedAt: _at, ...grade } = parsed.data
  const decks = await studyDecks()
  const db = studyDb()
  // Any card this learner has (built-in, drill or their own); another learner's card is "not found".
  const found = await decks.findCard(db, learnerId, grade.cardId)
  // A visitor's grade of a card they do not have stores nothing (no learner row either).
  if (!found && !(await isStoredLearner(learnerId))) return { kind: 'card-not-found', cardId: grade.cardId }
  await ensureLearner(learnerId, nowMs)
  if (timezone) await rememberBrowserTimezone(db, learnerId, timezone, nowMs)
  return gradeFoundCard(db, found, {
    ...grade,
    attemptToken,
    learnerId,
    nowMs,
    ...(reviewedAtMs === undefined ? {} : { reviewedAtMs }),
    ...(key === undefined ? {} : { key: { key, fingerprint: gradeFingerprint(parsed.data) } }),
  })
}

function issue(path: string[], message: string): z.core.$ZodIssue {
  return { code: 'custom', path, message, input: undefined }
}
