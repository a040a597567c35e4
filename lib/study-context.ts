// The one way a study request gets what it acts on: the study database, "now" (lib/clock: the
// test clock's cookie when enabled) and the learner in the cookie. Pages call `studyContext()`;
// route handlers name it as route()'s `study` option (`study.read`, `study.write`); server
// actions get it from serverAction (lib/server-action.ts). Nothing else reads the three by hand.
//
// The learner, by what the request does:
//   'read'  (default) the cookie's learner, not stored: a page, a read, or a write that stores the
//           learner itself inside its own transaction (`ensureLearner`), so a refusal stores no row.
//   'write' the same, stored first: the request is their first write.
//   'none'  no learner: the request acts for none (a preview) or finds its own (the Anki upload).
import 'server-only'
import { studyDb } from '@/db/client'
import type { Db } from '@/db/sql/db'
import { requestNowMs } from './clock'
import { currentLearnerId, ensureLearner } from './learner'

export type LearnerStep = 'read' | 'write' | 'none'

/** What a study request acts on; `learnerId` unless the step is 'none'. */
export type StudyContext<Learner extends LearnerStep = 'read'> = {
  db: Db
  nowMs: number
} & (Learner extends 'none' ? unknown : { learnerId: string })

export async function studyContext<Learner extends LearnerStep = 'read'>(
  learner: Learner = 'read' as Learner,
): Promise<StudyContext<Learner>> {
  const nowMs = await requestNowMs()
  const db = studyDb()
  if (learner === 'none') return { db, nowMs } as StudyContext<Learner>
  const learnerId = await currentLearnerId()
  if (learner === 'write') await ensureLearner(learnerId, nowMs)
  return { db, nowMs, learnerId } as StudyContext<Learner>
}

/** The steps as route()'s `study` option takes them: `route({ study: study.read }, async ({ db, learnerId, nowMs }) => …)`. */
export const study = {
  read: () => studyContext('read'),
  write: () => studyContext('write'),
  none: () => studyContext('none'),
}
