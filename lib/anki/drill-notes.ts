// How a Drill card looks as an Anki Basic note, shared by the export and the import
// so a round trip gives back the same card:
// - Front: the prompt (plain text escaped, or the card's HTML);
// - Back: the points as a list (`<ul class="drill-points">`), then the model answer
//   (`<div class="drill-answer">`, Markdown rendered);
// - notes.data (which Anki leaves alone): the card itself as JSON, used on the way
//   back only while Front and Back still say exactly what it says — a note edited in
//   Anki is read from its fields instead.
import { z } from 'zod'
import { cardTextToHtml, htmlToText } from '@/lib/content/markdown'

export const DRILL_NOTE_VERSION = 1

const payloadSchema = z.object({
  drill: z.literal(DRILL_NOTE_VERSION),
  cardId: z.string(),
  title: z.string(),
  format: z.enum(['markdown', 'html']),
  prompt: z.string(),
  answer: z.string(),
  points: z.array(
    z.object({ id: z.string(), text: z.string(), critical: z.boolean(), cues: z.array(z.string()) }),
  ),
})
export type DrillNotePayload = z.infer<typeof payloadSchema>

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

export interface DrillNoteFields {
  front: string
  back: string
}

/** Front and Back for a card; `html` is the card's own HTML with media already pointed at file names. */
export function drillNoteFields(
  card: Pick<DrillNotePayload, 'format' | 'prompt' | 'answer' | 'points'>,
): DrillNoteFields {
  const front = card.format === 'html' ? card.prompt : escapeHtml(card.prompt)
  const points =
    card.points.length > 0
      ? `<ul class="drill-points">${card.points.map((p) => `<li>${escapeHtml(p.text)}</li>`).join('')}</ul>`
      : ''
  // An HTML card is stored sanitized already (import and edits alike).
  const answerHtml = card.format === 'html' ? card.answer : cardTextToHtml(card.answer, 'markdown')
  const answer = card.answer.trim() ? `<div class="drill-answer">${answerHtml}</div>` : ''
  return { front, back: [points, answer].filter(Boolean).join('\n') }
}

export function readDrillPayload(data: string): DrillNotePayload | null {
  if (!data.startsWith('{')) return null
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(data))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** A Back written by drillNoteFields, taken apart again: the point texts and the answer HTML. */
export function splitDrillBack(back: string): { pointTexts: string[]; answerHtml: string } | null {
  const match = /^<ul class="drill-points">([\s\S]*?)<\/ul>\s*([\s\S]*)$/.exec(back.trim())
  if (!match) return null
  const pointTexts = [...(match[1] ?? '').matchAll(/<li>([\s\S]*?)<\/li>/g)].map((li) =>
    htmlToText(li[1] ?? ''),
  )
  return { pointTexts, answerHtml: unwrapAnswer(match[2] ?? '') }
}

/** The answer's HTML without the export's wrapper (a Back with no points is only the wrapper). */
export function unwrapAnswer(html: string): string {
  const match = /^<div class="drill-answer">([\s\S]*)<\/div>$/.exec(html.trim())
  return match ? (match[1] ?? '') : html
}
