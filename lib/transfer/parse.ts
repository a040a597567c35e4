// Turns uploaded text into a checked export file, or says clearly what is wrong
// with it. Nothing here touches the database.
import type { z } from 'zod'
import { type StudyStateFile, studyStateFileSchema, TRANSFER_FORMAT, TRANSFER_VERSION } from './format'

export interface FileIssue {
  path: string
  message: string
}

export type ParseResult =
  | { ok: true; file: StudyStateFile }
  | { ok: false; title: string; detail: string; issues: FileIssue[] }

const shownIssues = 10

function describeIssues(issues: z.core.$ZodIssue[]): FileIssue[] {
  return issues.slice(0, shownIssues).map((issue) => ({
    path: issue.path.map(String).join('.') || '(file)',
    message: issue.message,
  }))
}

export function parseStudyStateFile(text: string): ParseResult {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return {
      ok: false,
      title: 'Not a Drill export',
      detail: 'The file is not valid JSON; it may be cut short. Nothing was imported.',
      issues: [],
    }
  }
  const header = json as { format?: unknown; version?: unknown } | null
  if (typeof header !== 'object' || header === null || header.format !== TRANSFER_FORMAT)
    return {
      ok: false,
      title: 'Not a Drill export',
      detail: `The file is JSON but not a Drill export (expected "format": "${TRANSFER_FORMAT}"). Nothing was imported.`,
      issues: [],
    }
  if (header.version !== TRANSFER_VERSION)
    return {
      ok: false,
      title: 'Unsupported export version',
      detail: `This app reads export version ${TRANSFER_VERSION}; the file says ${JSON.stringify(header.version)}. Nothing was imported.`,
      issues: [],
    }
  const result = studyStateFileSchema.safeParse(json)
  if (!result.success) {
    const issues = describeIssues(result.error.issues)
    const more = result.error.issues.length - issues.length
    return {
      ok: false,
      title: 'Invalid export file',
      detail: `The file has ${result.error.issues.length} problem(s), first at ${issues[0]?.path}: ${issues[0]?.message}.${more > 0 ? ` (${more} more not shown.)` : ''} Nothing was imported.`,
      issues,
    }
  }
  return { ok: true, file: result.data }
}
