'use server'
// The review loop's server actions: thin — validate, call lib/review, refresh the page. Grades
// are not among them: they go through the device's queue to POST /api/review/grade (one path).
import { refresh } from 'next/cache'
import { sameZone } from '@/lib/calendar'
import type { TaughtPhrase } from '@/lib/grading'
import {
  rememberBrowserTimezone,
  settingsForLearner,
  studyDecks,
  undoRequestSchema,
  undoReview,
} from '@/lib/review'
import { MAX_TAUGHT_PHRASES, teachGrader, teachRequestSchema } from '@/lib/review/teach-grader'
import { serverAction } from '@/lib/server-action'
import { timezoneSchema } from '@/lib/srs/settings'

export type ActionResult = { ok: true } | { ok: false; error: string }

export const undoAction = serverAction(
  {
    input: (input: unknown) => input,
    schema: undoRequestSchema,
    invalid: (): ActionResult => ({ ok: false, error: 'Nothing to undo.' }),
  },
  async ({ input, learnerId, db }): Promise<ActionResult> => {
    const result = await undoReview(db, { learnerId, logId: input.logId })
    switch (result.kind) {
      case 'undone':
        refresh()
        return { ok: true }
      case 'review-not-found':
        return { ok: false, error: 'That review is not yours or no longer exists.' }
      case 'not-latest':
        return { ok: false, error: 'A later review of that card exists; undo it first.' }
    }
  },
)

const timezoneActionConfig = {
  input: (input: unknown) => input,
  schema: timezoneSchema,
  invalid: (): ActionResult => ({ ok: false, error: 'Unknown time zone.' }),
  limit: {
    name: 'grade',
    refused: { ok: false, error: 'Too many requests in a short time; reload in a moment.' } as ActionResult,
  },
  learner: 'write',
} as const

/**
 * First visit of / or /settings in a browser: store the browser's zone (a settings write, so it
 * stores the learner) and redraw the page in it — only when it is not `drawnIn`, the zone the page
 * was drawn in (a redraw of the same page costs a phone a whole render). Pages fetched
 * without running the page's script (curl, crawlers) never get here and leave no row.
 * Counted against the grade limit, like the grades that follow.
 */
export const rememberTimezoneAction = serverAction(
  { ...timezoneActionConfig, input: (input: unknown, _drawnIn?: unknown) => input },
  async ({ input, learnerId, nowMs, db }, _timezone: unknown, drawnIn?: unknown): Promise<ActionResult> => {
    // Another page (/review) may have stored the zone since this one was drawn: redraw in that one.
    const stored = (await rememberBrowserTimezone(db, learnerId, input, nowMs))
      ? input
      : (await settingsForLearner(db, learnerId)).timezone
    if (!sameZone(stored, drawnIn)) refresh()
    return { ok: true }
  },
)

/**
 * First /review visit: the same, without redrawing the page — the review queue then fetches the
 * day in the stored zone and swaps its data under the card on screen, keeping what the learner did.
 */
export const storeTimezoneAction = serverAction(
  timezoneActionConfig,
  async ({ input, learnerId, nowMs, db }): Promise<ActionResult> => {
    await rememberBrowserTimezone(db, learnerId, input, nowMs)
    return { ok: true }
  },
)

export type TeachActionResult = { ok: true; taught: TaughtPhrase } | { ok: false; error: string }

/**
 * "This is where I said it": stores the selected words as the learner's phrase for that point
 * (lib/review/teach-grader.ts checks them against the answer, the card and the point). Nothing is
 * redrawn: the page's grader adds the phrase itself (components/review/taught-here.ts).
 */
export const teachGraderAction = serverAction(
  {
    input: (input: unknown) => input,
    schema: teachRequestSchema,
    invalid: (): TeachActionResult => ({ ok: false, error: 'That selection cannot be taught.' }),
    limit: {
      name: 'grade',
      refused: { ok: false, error: 'Too many requests in a short time; try again in a moment.' },
    },
    learner: 'write',
  },
  async ({ input, learnerId, nowMs, db }): Promise<TeachActionResult> => {
    const result = await teachGrader(db, await studyDecks(), { learnerId, nowMs }, input)
    switch (result.kind) {
      case 'taught':
        return { ok: true, taught: result.taught }
      case 'invalid':
        return { ok: false, error: result.message }
      case 'too-many':
        return {
          ok: false,
          error: `You taught ${MAX_TAUGHT_PHRASES} phrases; remove some in Settings first.`,
        }
    }
  },
)
