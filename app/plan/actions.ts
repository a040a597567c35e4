'use server'
// "Use this retention" on /plan: saves the chosen desired retention (the same bounds
// as Settings), nothing else; a bad value saves nothing.
import { refresh } from 'next/cache'
import { saveDesiredRetention } from '@/lib/review/save-settings'
import { serverAction } from '@/lib/server-action'
import { studySettingsSchema } from '@/lib/srs/settings'

export type RetentionFormState =
  | { status: 'idle' }
  | { status: 'saved'; retention: number }
  | { status: 'invalid'; message: string }

export const applyRetentionAction = serverAction(
  {
    input: (_previous: RetentionFormState, form: FormData) => form.get('retention'),
    schema: studySettingsSchema.shape.desiredRetention,
    invalid: (issues): RetentionFormState => ({
      status: 'invalid',
      message: `Choose a retention from 0.70 to 0.99 (${issues[0]?.message}).`,
    }),
    learner: 'write',
  },
  async ({ input, learnerId, nowMs, db }): Promise<RetentionFormState> => {
    await saveDesiredRetention(db, { learnerId, nowMs }, input)
    refresh()
    return { status: 'saved', retention: input }
  },
)
