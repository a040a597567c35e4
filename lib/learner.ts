// The current learner, from the cookie proxy.ts sets. Creates the learner row on
// first use. Server-only: reads cookies and the database.
import 'server-only'
import { cookies } from 'next/headers'
import { sqlite } from '@/db/client'
import { isLearnerId, LEARNER_COOKIE } from './learner-cookie'

export class NoLearnerError extends Error {
  constructor() {
    super('No learner cookie on this request')
    this.name = 'NoLearnerError'
  }
}

/** Ensures the learners row exists; returns the id. */
export function ensureLearner(learnerId: string, nowMs: number): string {
  sqlite()
    .prepare('INSERT INTO learners (id, created_at_ms) VALUES (?, ?) ON CONFLICT DO NOTHING')
    .run(learnerId, nowMs)
  return learnerId
}

/** The learner id for this request (throws NoLearnerError when the cookie is absent or malformed). */
export async function currentLearnerId(): Promise<string> {
  const value = (await cookies()).get(LEARNER_COOKIE)?.value
  if (!value || !isLearnerId(value)) throw new NoLearnerError()
  return ensureLearner(value, Date.now())
}
