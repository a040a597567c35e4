// The study settings' writes: the settings form (the settings, the interview date's final
// window and the deck switches, together) and /plan's "Use this retention". The form is checked
// here first (a refused one stores nothing, not even the learner); the retention by its caller.
import { z } from 'zod'
import { learnerQueries } from '@/db/queries/learners'
import { planQueries } from '@/db/queries/plan'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { isValidTimezone, studyDayNumberOf } from '@/lib/calendar'
import { disabledDecksOf, saveDisabledDecks } from '@/lib/decks'
import { checkInterviewDate } from '@/lib/plan/interview-date'
import { bringDuesIntoFinalWindow } from '@/lib/plan/save-interview'
import { studySettingsSchema } from '@/lib/srs/settings'

export interface WriteScope {
  learnerId: string
  nowMs: number
}

/** The settings form's fields, as the form sent them (unchecked). */
export interface SettingsInput {
  desiredRetention: unknown
  newPerDay: unknown
  reviewsPerDay: unknown
  maxNewPerDay: unknown
  sameDaySteps: boolean
  rolloverHour: unknown
  timezone: unknown
  interviewDate: unknown
  /** Every deck the form showed, and the ones switched on. */
  decksShown: unknown[]
  decksOn: unknown[]
}

export type SettingsSaveResult =
  | { kind: 'saved' }
  | { kind: 'invalid'; fieldErrors: Partial<Record<string, string>> }

const deckIdsSchema = z.array(z.string().min(1).max(200)).max(1000)

export async function saveStudySettings(
  db: Db,
  { learnerId, nowMs }: WriteScope,
  { interviewDate, decksShown, decksOn, ...fields }: SettingsInput,
): Promise<SettingsSaveResult> {
  const parsed = studySettingsSchema.safeParse(fields)
  // The interview date is a study day in the zone and rollover hour this same form saves.
  const interview = checkInterviewDate(interviewDate, formStudyDay(fields, nowMs))
  if (!parsed.success || !interview.ok) {
    const fieldErrors: Partial<Record<string, string>> = {}
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form')
      fieldErrors[field] ??= issue.message
    }
    if (!interview.ok) fieldErrors.interviewDate = interview.message
    return { kind: 'invalid', fieldErrors }
  }
  // The Decks fieldset: every deck shown has a hidden "deckShown"; a checked box ("deck") means on.
  const shown = deckIdsSchema.safeParse(decksShown)
  const on = deckIdsSchema.safeParse(decksOn)
  if (!shown.success || !on.success) return { kind: 'invalid', fieldErrors: { decks: 'unknown decks' } }
  await learnerQueries(db).insertLearnerIfMissing({ learnerId, nowMs })
  const saved = { ...parsed.data, interviewDate: interview.interviewDate }
  const shownIds = new Set(shown.data)
  const onIds = new Set(on.data)
  // Settings, the dues they move and the deck switches commit together, under the learner's lock.
  await db.transaction(
    async (tx) => {
      await studyQueries(tx).saveLearnerSettings({ learnerId, ...saved, updatedAtMs: nowMs })
      await bringDuesIntoFinalWindow(tx, { learnerId, settings: saved, nowMs })
      // Decks not on this form (e.g. one whose cards are all deleted) keep their switch.
      const disabled = [
        ...[...(await disabledDecksOf(tx, learnerId))].filter((id) => !shownIds.has(id)),
        ...shown.data.filter((id) => !onIds.has(id)),
      ]
      await saveDisabledDecks(tx, learnerId, disabled, nowMs)
    },
    { lockKey: learnerId },
  )
  return { kind: 'saved' }
}

/** Today as a study day in the zone and rollover hour the form sent (UTC and 4 when those are bad). */
function formStudyDay(fields: { timezone: unknown; rolloverHour: unknown }, nowMs: number): number {
  const timezone = String(fields.timezone ?? '')
  const rolloverHour = Number(fields.rolloverHour)
  return studyDayNumberOf(nowMs, {
    timezone: isValidTimezone(timezone) ? timezone : 'UTC',
    rolloverHour:
      Number.isInteger(rolloverHour) && rolloverHour >= 0 && rolloverHour <= 23 ? rolloverHour : 4,
  })
}

/** Saves the desired retention alone (checked by the caller with the settings form's bounds). */
export async function saveDesiredRetention(
  db: Db,
  { learnerId, nowMs }: WriteScope,
  desiredRetention: number,
): Promise<void> {
  await db.transaction(
    (tx) => planQueries(tx).saveDesiredRetentionByLearnerId({ learnerId, desiredRetention, nowMs }),
    { lockKey: learnerId },
  )
}
