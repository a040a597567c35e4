// zod's issues as the words a problem's `detail` carries: "files.0.name: Too small".
// An issue about the whole value has an empty path; `root` names it (the routes say
// "body", the sandbox "(body)"), so each route keeps the words its clients see.
import type { z } from 'zod'

type Issue = z.core.$ZodIssue

/** One issue as "path: message"; `root` stands in for an empty path. */
export function issueLine(issue: Issue, root = 'body'): string {
  return `${issue.path.map(String).join('.') || root}: ${issue.message}`
}

/** Every issue, one "path: message" after another, joined by "; ". */
export function issueText(issues: readonly Issue[], root = 'body'): string {
  return issues.map((issue) => issueLine(issue, root)).join('; ')
}
