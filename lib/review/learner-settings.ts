// A learner's study settings as the review loop reads them, and the browser's zone
// remembered on a first visit.
import type { Sqlite } from '@/db/open'
import { studyQueries } from '@/db/queries/study'
import { type StudySettings, studySettingsFrom } from '@/lib/srs/settings'

export function settingsForLearner(sqlite: Sqlite, learnerId: string): StudySettings {
  return studySettingsFrom(studyQueries(sqlite).getLearnerSettingsByLearnerId(learnerId))
}

/** Records the browser's zone the first time this learner shows up. */
export function rememberBrowserTimezone(
  sqlite: Sqlite,
  learnerId: string,
  timezone: string,
  nowMs: number,
): boolean {
  return studyQueries(sqlite).insertLearnerSettingsIfMissing({ learnerId, timezone, nowMs })
}
