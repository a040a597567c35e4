'use server'
// The review loop's server actions: thin — validate, call lib/review, refresh the page. Grades
// are not among them: they go through the device's queue to POST /api/review/grade (one path).
import { refresh } from 'next/cache'
import { headers } from 'next/headers'
import { studyDb } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { rateLimit } from '@/lib/http/edge'
import { currentLearnerId, writingLearnerId } from '@/lib/learner'
import { rememberBrowserTimezone, undoRequestSchema, undoReview } from '@/lib/review'
import { timezoneSchema } from '@/lib/srs/settings'

export type ActionResult = { ok: true } | { ok: false; error: string }

export async function undoAction(input: unknown): Promise<ActionResult> {
  const parsed = undoRequestSchema.safeParse(input)
  if (!parsed.success) return { ok: false, error: 'Nothing to undo.' }
  const learnerId = await currentLearnerId()
  const result = await undoReview(studyDb(), { learnerId, logId: parsed.data.logId })
  switch (result.kind) {
    case 'undone':
      refresh()
      return { ok: true }
    case 'review-not-found':
      return { ok: false, error: 'That review is not yours or no longer exists.' }
    case 'not-latest':
      return { ok: false, error: 'A later review of that card exists; undo it first.' }
  }
}

/**
 * First /review visit in a browser: store the browser's zone (a settings write, so it
 * stores the learner) — the study day cannot be drawn without it. Pages fetched
 * without running the page's script (curl, crawlers) never get here and leave no row.
 * Counted against the grade limit, like the grades that follow.
 */
export async function rememberTimezoneAction(input: unknown): Promise<ActionResult> {
  const parsed = timezoneSchema.safeParse(input)
  if (!parsed.success) return { ok: false, error: 'Unknown time zone.' }
  if (await rateLimit('grade', { headers: await headers() }))
    return { ok: false, error: 'Too many requests in a short time; reload in a moment.' }
  const nowMs = await requestNowMs()
  const learnerId = await writingLearnerId(nowMs)
  if (await rememberBrowserTimezone(studyDb(), learnerId, parsed.data, nowMs)) refresh()
  return { ok: true }
}
