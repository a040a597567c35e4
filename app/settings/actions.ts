'use server'
// Saves the study settings form: lib/plan checks and stores it; this says what happened.
import { refresh } from 'next/cache'
import { saveStudySettings } from '@/lib/review/save-settings'
import { serverAction } from '@/lib/server-action'

export type SettingsFormState =
  | { status: 'idle' }
  | { status: 'saved' }
  | { status: 'invalid'; fieldErrors: Partial<Record<string, string>> }

export const saveSettingsAction = serverAction(
  {},
  async (
    { learnerId, nowMs, db },
    _previous: SettingsFormState,
    form: FormData,
  ): Promise<SettingsFormState> => {
    const result = await saveStudySettings(
      db,
      { learnerId, nowMs },
      {
        desiredRetention: form.get('desiredRetention'),
        newPerDay: form.get('newPerDay'),
        reviewsPerDay: form.get('reviewsPerDay'),
        maxNewPerDay: form.get('maxNewPerDay') ?? undefined,
        sameDaySteps: form.get('sameDaySteps') === 'on',
        rolloverHour: form.get('rolloverHour'),
        timezone: form.get('timezone'),
        interviewDate: form.get('interviewDate'),
        decksShown: form.getAll('deckShown'),
        decksOn: form.getAll('deck'),
      },
    )
    if (result.kind === 'invalid') return { status: 'invalid', fieldErrors: result.fieldErrors }
    refresh()
    return { status: 'saved' }
  },
)
