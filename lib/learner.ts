// The current learner, from the cookie proxy.ts sets. Two paths, so a visitor who
// only looks leaves no row: `currentLearnerId` reads (never inserts; pages render
// for a learner with no row), `ensureLearner` stores the learner at the first write
// (grade, settings, console, import). Server-only: reads cookies and the database.
import 'server-only'
import { createHash } from 'node:crypto'
import { cookies } from 'next/headers'
import { studyDb } from '@/db/client'
import { deviceQueries } from '@/db/queries/devices'
import { learnerQueries } from '@/db/queries/learners'
import { DEVICE_COOKIE, isLearnerId, LEARNER_COOKIE } from './learner-cookie'

export class NoLearnerError extends Error {
  constructor() {
    super('No learner cookie on this request')
    this.name = 'NoLearnerError'
  }
}

/** Ensures the learners row exists (the write path); returns the id. */
export async function ensureLearner(learnerId: string, nowMs: number): Promise<string> {
  await learnerQueries(studyDb()).insertLearnerIfMissing({ learnerId, nowMs })
  return learnerId
}

/** The learner id for this request, without storing anything (throws NoLearnerError when the cookie is absent or malformed). */
export async function currentLearnerId(): Promise<string> {
  const jar = await cookies()
  const value = jar.get(LEARNER_COOKIE)?.value
  if (!value || !isLearnerId(value)) throw new NoLearnerError()
  // A linked device signed out from another device (its row is gone) no longer acts for the
  // learner: it reads as a learner of its own, empty, until it is linked again.
  const deviceId = jar.get(DEVICE_COOKIE)?.value
  if (
    deviceId &&
    isLearnerId(deviceId) &&
    !(await deviceQueries(studyDb()).isDeviceOfLearner({ deviceId, learnerId: value }))
  )
    return signedOutLearnerId(deviceId)
  return value
}

/** The learner a signed-out device reads as: derived from its device id, shaped like a learner id. */
function signedOutLearnerId(deviceId: string): string {
  const hex = createHash('sha256').update(`signed-out:${deviceId}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
