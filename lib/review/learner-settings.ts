// A learner's study settings as the review loop reads them, and the browser's zone
// remembered on a first visit.

import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { type StudySettings, studySettingsFrom } from '@/lib/srs/settings'

export async function settingsForLearner(db: Db, learnerId: string): Promise<StudySettings> {
  return studySettingsFrom(await studyQueries(db).getLearnerSettingsByLearnerId(learnerId))
}

/** Records the browser's zone the first time this learner shows up. */
export function rememberBrowserTimezone(
  db: Db,
  learnerId: string,
  timezone: string,
  nowMs: number,
): Promise<boolean> {
  return studyQueries(db).insertLearnerSettingsIfMissing({ learnerId, timezone, nowMs })
}
