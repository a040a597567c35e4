// The current learner, from the cookie proxy.ts sets. Two paths, so a visitor who
// only looks leaves no row: `currentLearnerId` reads (never inserts; pages render
// for a learner with no row), `ensureLearner` stores the learner at the first write
// (grade, settings, console, import). Server-only: reads cookies and the database.
import 'server-only'
import { cookies } from 'next/headers'
import { sqlite } from '@/db/client'
import { learnerQueries } from '@/db/queries/learners'
import { isLearnerId, LEARNER_COOKIE } from './learner-cookie'

export class NoLearnerError extends Error {
  constructor() {
    super('No learner cookie on this request')
    this.name = 'NoLearnerError'
  }
}

/** Ensures the learners row exists (the write path); returns the id. */
export function ensureLearner(learnerId: string, nowMs: number): string {
  learnerQueries(sqlite()).insertLearnerIfMissing({ learnerId, nowMs })
  return learnerId
}

/** The learner id for this request, without storing anything (throws NoLearnerError when the cookie is absent or malformed). */
export async function currentLearnerId(): Promise<string> {
  const value = (await cookies()).get(LEARNER_COOKIE)?.value
  if (!value || !isLearnerId(value)) throw new NoLearnerError()
  return value
}

/** The learner id for a request that is about to write: stored now if it was not yet. */
export async function writingLearnerId(nowMs: number): Promise<string> {
  return ensureLearner(await currentLearnerId(), nowMs)
}

/** Whether this learner has been stored (made a first write). */
export function isStoredLearner(learnerId: string): boolean {
  return learnerQueries(sqlite()).findLearnerById({ learnerId }) !== undefined
}
