// What the own-card form edits, and its bounds on points (the card schema's, shown in its hints).
import type { FieldErrors } from '@/lib/own-cards/errors'

export const MIN_POINTS = 3
export const MAX_POINTS = 7

export interface CardFormValues {
  title: string
  prompt: string
  deck: string
  points: { id: string; text: string; critical: boolean; cues: string }[]
  answerMarkdown: string
  /** 'html' for a card imported from Anki: prompt and answer are its HTML. */
  format?: 'markdown' | 'html'
}

/** A field's aria-describedby: its hint, and its error while it has one. */
export function describedByFor(errors: FieldErrors) {
  return (field: string, hint?: string) =>
    [hint, errors[field] ? `${field}-error` : undefined].filter(Boolean).join(' ') || undefined
}
