// zod issues on an own card → one message per form field. Field names are the
// form's: title, prompt, deck, answer, points, point-N, point-N-cues.
import type { z } from 'zod'

export type FieldErrors = Partial<Record<string, string>>

export function fieldOf(path: readonly PropertyKey[]): string {
  const [head, index, sub] = path
  if (head === 'points' && typeof index === 'number')
    return sub === 'cues' ? `point-${index + 1}-cues` : `point-${index + 1}`
  if (head === 'answerMarkdown') return 'answer'
  return String(head ?? 'form')
}

export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) errors[fieldOf(issue.path)] ??= issue.message
  return errors
}

/** "points.2.text" — how an import error names the field, as in content/cards errors. */
export function dottedPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || '(front matter)'
}
