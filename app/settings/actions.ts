'use server'
// Saves the study settings form: validate (zod), store, say what happened.
import { refresh } from 'next/cache'
import { z } from 'zod'
import { studyDb } from '@/db/client'
import { studyQueries } from '@/db/queries/study'
import { requestNowMs } from '@/lib/clock'
import { disabledDecksOf, saveDisabledDecks } from '@/lib/decks'
import { currentLearnerId, ensureLearner } from '@/lib/learner'
import { checkInterviewDate } from '@/lib/plan/interview-date'
import { bringDuesIntoFinalWindow } from '@/lib/plan/save-interview'
import { studySettingsSchema } from '@/lib/srs/settings'
import { isValidTimezone, studyDayNumberOf } from '@/lib/srs/study-day'

const deckIdsSchema = z.array(z.string().min(1).max(200)).max(1000)

export type SettingsFormState =
  | { status: 'idle' }
  | { status: 'saved' }
  | { status: 'invalid'; fieldErrors: Partial<Record<string, string>> }

export async function saveSettingsAction(
  _previous: SettingsFormState,
  form: FormData,
): Promise<SettingsFormState> {
  const parsed = studySettingsSchema.safeParse({
    desiredRetention: form.get('desiredRetention'),
    newPerDay: form.get('newPerDay'),
    reviewsPerDay: form.get('reviewsPerDay'),
    maxNewPerDay: form.get('maxNewPerDay') ?? undefined,
    sameDaySteps: form.get('sameDaySteps') === 'on',
    rolloverHour: form.get('rolloverHour'),
    timezone: form.get('timezone'),
  })
  const nowMs = await requestNowMs()
  // The interview date is a study day in the zone and rollover hour this same form saves.
  const zone = {
    timezone: String(form.get('timezone') ?? ''),
    rolloverHour: Number(form.get('rolloverHour')),
  }
  const todayDay = studyDayNumberOf(nowMs, {
    timezone: isValidTimezone(zone.timezone) ? zone.timezone : 'UTC',
    rolloverHour:
      Number.isInteger(zone.rolloverHour) && zone.rolloverHour >= 0 && zone.rolloverHour <= 23
        ? zone.rolloverHour
        : 4,
  })
  const interview = checkInterviewDate(form.get('interviewDate'), todayDay)
  if (!parsed.success || !interview.ok) {
    const fieldErrors: Partial<Record<string, string>> = {}
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form')
      fieldErrors[field] ??= issue.message
    }
    if (!interview.ok) fieldErrors.interviewDate = interview.message
    return { status: 'invalid', fieldErrors }
  }
  // The Decks fieldset: every deck shown has a hidden "deckShown"; a checked box ("deck") means on.
  const shown = deckIdsSchema.safeParse(form.getAll('deckShown'))
  const on = deckIdsSchema.safeParse(form.getAll('deck'))
  if (!shown.success || !on.success) return { status: 'invalid', fieldErrors: { decks: 'unknown decks' } }
  const learnerId = await currentLearnerId()
  await ensureLearner(learnerId, nowMs)
  const saved = { ...parsed.data, interviewDate: interview.interviewDate }
  const shownIds = new Set(shown.data)
  const onIds = new Set(on.data)
  // Settings, the dues they move and the deck switches commit together, under the learner's lock.
  await studyDb().transaction(
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
  refresh()
  return { status: 'saved' }
}
