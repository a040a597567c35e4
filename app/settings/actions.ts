'use server'
// Saves the study settings form: validate (zod), store, say what happened.
import { refresh } from 'next/cache'
import { sqlite } from '@/db/client'
import { studyQueries } from '@/db/queries/study'
import { requestNowMs } from '@/lib/clock'
import { writingLearnerId } from '@/lib/learner'
import { studySettingsSchema } from '@/lib/srs/settings'

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
    sameDaySteps: form.get('sameDaySteps') === 'on',
    rolloverHour: form.get('rolloverHour'),
    timezone: form.get('timezone'),
  })
  if (!parsed.success) {
    const fieldErrors: Partial<Record<string, string>> = {}
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form')
      fieldErrors[field] ??= issue.message
    }
    return { status: 'invalid', fieldErrors }
  }
  const nowMs = await requestNowMs()
  const learnerId = await writingLearnerId(nowMs)
  studyQueries(sqlite()).saveLearnerSettings({ learnerId, ...parsed.data, updatedAtMs: nowMs })
  refresh()
  return { status: 'saved' }
}
