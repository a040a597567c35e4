// Parse, then merge: what POST /api/import calls.
//
// Unknown card ids (a card this deck does not have, e.g. one removed from the
// content since the export): their rows are imported as they are — history is
// never dropped, and the scheduler simply never offers a card the deck lacks — and
// the result names them, so the learner knows.
import type { Db } from '@/db/sql/db'
import { type MergeSummary, mergeStudyState } from './merge'
import { type FileIssue, parseStudyStateFile } from './parse'

export type ImportResult =
  | { kind: 'imported'; summary: MergeSummary; unknownCardIds?: string[] }
  | { kind: 'invalid'; title: string; detail: string; issues: FileIssue[] }

export { MAX_IMPORT_BYTES } from './limits'

export async function importStudyState(
  db: Db,
  learnerId: string,
  text: string,
  knownCardIds?: ReadonlySet<string>,
  /** Runs once the file is valid, before the merge (the route stores the learner here: bad files store nothing). */
  beforeMerge?: () => Promise<unknown>,
): Promise<ImportResult> {
  const parsed = parseStudyStateFile(text)
  if (!parsed.ok)
    return { kind: 'invalid', title: parsed.title, detail: parsed.detail, issues: parsed.issues }
  await beforeMerge?.()
  const summary = await mergeStudyState(db, learnerId, parsed.file)
  if (!knownCardIds) return { kind: 'imported', summary }
  const unknown = new Set<string>()
  for (const row of [...parsed.file.cardStates, ...parsed.file.reviewLogs])
    if (!knownCardIds.has(row.cardId)) unknown.add(row.cardId)
  return { kind: 'imported', summary, unknownCardIds: [...unknown].sort() }
}
