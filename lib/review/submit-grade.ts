// One grade, the use case behind POST /api/review/grade (the review page's device queue sends
// every grade there): the checks that need "now" or the key, the card resolved through the
// deck registry, the browser's zone on a first visit, then the record — storing the learner
// only for a card they have (a grade is a first write; a refused one stores nothing).
// The route does the HTTP work (limit, body, schema, the Idempotency-Key header) and maps
// each result to its status; nothing here reads the request.
import type { z } from 'zod'
import { learnerQueries } from '@/db/queries/learners'
import type { Db } from '@/db/sql/db'
import { studyDecks } from './decks'
import { correctDeviceTime } from './device-time'
import type { GradeRequest } from './grade-input'
import { gradeFingerprint } from './grade-key'
import { type GradeResult, gradeFoundCard } from './grade-review'
import { rememberBrowserTimezone } from './learner-settings'

export type SubmitGradeResult = { kind: 'invalid'; issues: z.core.$ZodIssue[] } | GradeResult

export interface GradeRequestScope {
  learnerId: string
  /** The server's now for this request (ms). */
  nowMs: number
  /**
   * The request's Idempotency-Key (already parsed): the outcome is stored under it and the key
   * is the review's attempt token. Without one, the grade's `attemptToken` is required.
   */
  key?: string
}

export async function submitGrade(
  db: Db,
  { learnerId, nowMs, key }: GradeRequestScope,
  request: GradeRequest,
): Promise<SubmitGradeResult> {
  const attemptToken = key ?? request.attemptToken
  if (attemptToken === undefined)
    return {
      kind: 'invalid',
      issues: [issue(['attemptToken'], 'required without an Idempotency-Key header')],
    }
  // The device's clock may be hours off: its times are taken as a duration, not an instant.
  const deviceTime = correctDeviceTime({
    reviewedAtMs: request.reviewedAt === undefined ? undefined : Date.parse(request.reviewedAt),
    sentAtMs: request.sentAt === undefined ? undefined : Date.parse(request.sentAt),
    serverNowMs: nowMs,
  })
  if (deviceTime.kind === 'refused')
    return { kind: 'invalid', issues: [issue([deviceTime.field], deviceTime.message)] }
  const reviewedAtMs = request.reviewedAt === undefined ? undefined : deviceTime.atMs
  const { timezone, attemptToken: _token, reviewedAt: _at, sentAt: _sent, ...grade } = request
  const decks = await studyDecks()
  const learners = learnerQueries(db)
  // Any card this learner has (built-in, drill or their own); another learner's card is "not found".
  const found = await decks.findCard(db, learnerId, grade.cardId)
  // A visitor's grade of a card they do not have stores nothing (no learner row either).
  if (!found && (await learners.findLearnerById({ learnerId })) === undefined)
    return { kind: 'card-not-found', cardId: grade.cardId }
  await learners.insertLearnerIfMissing({ learnerId, nowMs })
  if (timezone) await rememberBrowserTimezone(db, learnerId, timezone, nowMs)
  return gradeFoundCard(db, found, {
    ...grade,
    attemptToken,
    learnerId,
    nowMs,
    ...(reviewedAtMs === undefined ? {} : { reviewedAtMs }),
    ...(key === undefined ? {} : { key: { key, fingerprint: gradeFingerprint(request) } }),
  })
}

function issue(path: string[], message: string): z.core.$ZodIssue {
  return { code: 'custom', path, message, input: undefined }
}
