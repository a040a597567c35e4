// What a card file must say. Validated at build (`npm run build` runs
// scripts/check-content.ts) and in tests; errors name the file and the field.
import { z } from 'zod'

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lower-case words joined by hyphens')

export const pointSchema = z.strictObject({
  id: slug,
  text: z.string().min(10),
  critical: z.boolean(),
  /** Words or phrases that show the point was said (matched case-insensitively in a transcript). */
  cues: z.array(z.string().min(2)).min(1),
})

export const cardFrontmatterSchema = z
  .strictObject({
    id: slug,
    title: z.string().min(3),
    deck: slug,
    prompt: z.string().min(10),
    points: z.array(pointSchema).min(2).max(5),
    /** Ids of follow-up cards (each must exist). */
    followUps: z.array(slug).default([]),
    /** Ids of scenarios in content/scenarios whose timelines the card shows. */
    scenarios: z.array(slug).default([]),
    /** Sort order within the deck. */
    order: z.number().int().nonnegative(),
    /** Optional answer length to aim for, in minutes (the recorder's timer shows it; passing it is fine). */
    answerTargetMinutes: z.number().positive().max(30).optional(),
  })
  .superRefine((card, ctx) => {
    const ids = card.points.map((p) => p.id)
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['points'], message: 'point ids must be unique' })
    if (card.points.filter((p) => p.critical).length > 1)
      ctx.addIssue({ code: 'custom', path: ['points'], message: 'at most one point may be critical' })
  })

export type CardFrontmatter = z.infer<typeof cardFrontmatterSchema>
export type CardPoint = z.infer<typeof pointSchema>

export interface Card extends CardFrontmatter {
  /** The model answer, Markdown. */
  answerMarkdown: string
  /** The file it came from, relative to the project root. */
  file: string
}
