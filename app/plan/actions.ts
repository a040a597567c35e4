'use server'
// "Use this retention" on /plan: saves the chosen desired retention (the same bounds
// as Settings), nothing else; a bad value saves nothing.
import { refresh } from 'next/cache'
import { studyDb } from '@/db/client'
import { planQueries } from '@/db/queries/plan'
import { requestNowMs } from '@/lib/clock'
import { currentLearnerId, ensureLearner } from '@/lib/learner'
import { studySettingsSchema } from '@/lib/srs/settings'

export type RetentionFormState =
  | { status: 'idle' }
  | { status: 'saved'; retention: number }
  | { status: 'invalid'; message: string }

export async function applyRetentionAction(
  _previous: RetentionFormState,
  form: FormData,
): Promise<RetentionFormState> {
  const parsed = studySettingsSchema.shape.desiredRetention.safeParse(form.get('retention'))
  if (!parsed.success)
    return {
      status: 'invalid',
      message: `Choose a retention from 0.70 to 0.99 (${parsed.error.issues[0]?.message}).`,
    }
  const learnerId = await currentLearnerId()
  const nowMs = await requestNowMs()
  await ensureLearner(learnerId, nowMs)
  await studyDb().transaction(
    (tx) =>
      planQueries(tx).saveDesiredRetentionByLearnerId({ learnerId, desiredRetention: parsed.data, nowMs }),
    { lockKey: learnerId },
  )
  refresh()
  return { status: 'saved', retention: parsed.data }
}
