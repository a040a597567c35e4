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

/** One problem in an imported card file: which file, which card, which field. */
export interface CardFileIssue {
  file: string
  /** 1-based position of the card in its file (0: the file as a whole). */
  card: number
  /** The card's id when the front matter has one. */
  cardId?: string
  field: string
  message: string
}

function describeWith(issue: CardFileIssue, open: string, close: string): string {
  const card = issue.cardId ? `card ${issue.card} (${open}${issue.cardId}${close})` : `card ${issue.card}`
  return `${issue.file}: ${card}: field ${open}${issue.field}${close}: ${issue.message}`
}

/** `deck.md: card 2 ("token-bucket"): field "points": at least 3 points` — for APIs and logs. */
export function describeIssue(issue: CardFileIssue): string {
  return describeWith(issue, '"', '"')
}

/** The same sentence with typographic quotes, for the page. */
export function describeIssueForPage(issue: CardFileIssue): string {
  return describeWith(issue, '“', '”')
}
