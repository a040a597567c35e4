// Parse, then merge: what both POST /api/import and the settings form call.
import type { Sqlite } from '@/db/open'
import { type MergeSummary, mergeStudyState } from './merge'
import { type FileIssue, parseStudyStateFile } from './parse'

export type ImportResult =
  | { kind: 'imported'; summary: MergeSummary }
  | { kind: 'invalid'; title: string; detail: string; issues: FileIssue[] }

/** The largest file we accept: years of daily reviews fit in a few MB. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024

export function importStudyState(sqlite: Sqlite, learnerId: string, text: string): ImportResult {
  const parsed = parseStudyStateFile(text)
  if (!parsed.ok)
    return { kind: 'invalid', title: parsed.title, detail: parsed.detail, issues: parsed.issues }
  return { kind: 'imported', summary: mergeStudyState(sqlite, learnerId, parsed.file) }
}
