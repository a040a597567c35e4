// What a card says, for both sources of cards: the built-in deck in content/cards
// (files reviewed like code, validated at build by scripts/check-content.ts) and
// learners' own cards (written in /cards/new or imported as the same Markdown
// files). One set of field rules, two sets of limits: built-in cards keep their
// stricter editorial limits; own cards allow 3–7 points and optional cues.
// Errors name the field (zod's issue path).
import { z } from 'zod'
import { pointRubricSchema } from './rubric-schema'

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const slugSchema = z.string().regex(SLUG, 'use lower-case words joined by hyphens')
const slug = slugSchema

/** Lower-case words joined by hyphens, from any name ("Rate limiter!" → "rate-limiter"). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '')
}

interface CardLimits {
  minPoints: number
  maxPoints: number
  minPointText: number
  /** Built-in cards must give the transcript matcher at least one cue per point. */
  minCues: number
  deck: z.ZodType<string>
}

function pointSchemaWith(limits: CardLimits) {
  const fields = {
    id: slug,
    text: z.string().trim().min(limits.minPointText, `at least ${limits.minPointText} characters`).max(400),
    critical: z.boolean(),
    /** Words or phrases that show the point was said (matched case-insensitively in a transcript). */
    cues: z
      .array(z.string().trim().min(2, 'each cue at least 2 characters').max(80))
      .max(30)
      .min(limits.minCues),
  }
  return z.strictObject(fields)
}

/** Rules across fields that hold for every card. */
function checkPoints(card: { points: { id: string; critical: boolean }[] }, ctx: z.RefinementCtx): void {
  const ids = card.points.map((p) => p.id)
  if (new Set(ids).size !== ids.length)
    ctx.addIssue({ code: 'custom', path: ['points'], message: 'point ids must be unique' })
  if (card.points.filter((p) => p.critical).length > 1)
    ctx.addIssue({ code: 'custom', path: ['points'], message: 'at most one point may be critical' })
}

function cardFieldsWith(limits: CardLimits) {
  return {
    id: slug,
    title: z.string().trim().min(3, 'at least 3 characters').max(120, 'at most 120 characters'),
    deck: limits.deck,
    prompt: z.string().trim().min(10, 'at least 10 characters').max(2000, 'at most 2000 characters'),
    points: z
      .array(pointSchemaWith(limits))
      .min(limits.minPoints, `at least ${limits.minPoints} points`)
      .max(limits.maxPoints, `at most ${limits.maxPoints} points`),
  }
}

const builtInLimits: CardLimits = {
  minPoints: 2,
  maxPoints: 6,
  minPointText: 10,
  minCues: 1,
  deck: slug,
}

/** A built-in point also carries the grader's rubric (lib/grading); own cards grade by their cues. */
export const pointSchema = pointSchemaWith(builtInLimits).extend({ rubric: pointRubricSchema.optional() })

/** Where a built-in card's facts come from: a paper, a book chapter, an RFC, official documentation. */
export const cardSourceSchema = z.strictObject({
  title: z.string().trim().min(3, 'at least 3 characters').max(200),
  /** Where to find it: a URL, or a book's author, publisher and year with the chapter. */
  where: z.string().trim().min(3, 'at least 3 characters').max(300),
})

/** A content/cards file's front matter (the built-in deck). */
export const cardFrontmatterSchema = z
  .strictObject({
    ...cardFieldsWith(builtInLimits),
    points: z
      .array(pointSchema)
      .min(builtInLimits.minPoints, `at least ${builtInLimits.minPoints} points`)
      .max(builtInLimits.maxPoints, `at most ${builtInLimits.maxPoints} points`),
    /** Ids of follow-up cards (each must exist). */
    followUps: z.array(slug).default([]),
    /**
     * As a follow-up: the ids of the points (of the cards that list it in `followUps`) it digs into,
     * so the mock interview asks it when one of them was left out or said wrong.
     */
    deepens: z.array(slug).default([]),
    /** Ids of scenarios in content/scenarios whose timelines the card shows. */
    scenarios: z.array(slug).default([]),
    /** Sort order within the deck. */
    order: z.number().int().nonnegative(),
    /** The public references the card's facts come from (shown on the card page under Sources). */
    sources: z.array(cardSourceSchema).max(12).default([]),
    /** Optional answer length to aim for, in minutes (the recorder's timer shows it; passing it is fine). */
    answerTargetMinutes: z.number().positive().max(30).optional(),
  })
  .superRefine(checkPoints)

export const OWN_CARD_LIMITS = {
  minPoints: 3,
  maxPoints: 7,
  answerMaxChars: 20_000,
  /** Cards imported from Anki carry HTML (tables, markup, image tags): more room. */
  htmlPromptMaxChars: 20_000,
  htmlAnswerMaxChars: 100_000,
} as const

/** How an own card's prompt and answer are written: Drill's own (text + Markdown) or Anki's HTML. */
export const CARD_FORMATS = ['markdown', 'html'] as const
export type CardFormat = (typeof CARD_FORMATS)[number]

/** An own card's deck: any name the learner likes, as long as it has a letter or digit to slug. */
export const deckNameSchema = z
  .string()
  .trim()
  .min(1, 'name the deck')
  .max(60, 'at most 60 characters')
  .refine((name) => slugify(name) !== '', 'use at least one letter or digit')

const ownLimits: CardLimits = {
  minPoints: OWN_CARD_LIMITS.minPoints,
  maxPoints: OWN_CARD_LIMITS.maxPoints,
  minPointText: 3,
  minCues: 0,
  deck: deckNameSchema,
}

export const ownPointSchema = pointSchemaWith(ownLimits).extend({
  critical: z.boolean().default(false),
  cues: pointSchemaWith(ownLimits).shape.cues.default([]),
})

/** Limits that depend on the card's format: Markdown cards keep the form's limits, HTML cards get room. */
function checkFormatLimits(
  card: { format: CardFormat; prompt: string; answerMarkdown: string },
  ctx: z.RefinementCtx,
): void {
  const html = card.format === 'html'
  const prompt = html ? { min: 1, max: OWN_CARD_LIMITS.htmlPromptMaxChars } : { min: 10, max: 2000 }
  if (card.prompt.length < prompt.min)
    ctx.addIssue({ code: 'custom', path: ['prompt'], message: `at least ${prompt.min} characters` })
  if (card.prompt.length > prompt.max)
    ctx.addIssue({ code: 'custom', path: ['prompt'], message: `at most ${prompt.max} characters` })
  const answerMax = html ? OWN_CARD_LIMITS.htmlAnswerMaxChars : OWN_CARD_LIMITS.answerMaxChars
  if (card.answerMarkdown.length > answerMax)
    ctx.addIssue({ code: 'custom', path: ['answerMarkdown'], message: `at most ${answerMax} characters` })
}

/**
 * A learner's own card: the same front matter as a content/cards file (no
 * follow-ups, timelines or order: those point into the built-in deck), with the
 * model answer as the Markdown body (optional). A card with no points at all is a
 * plain card (Anki's kind: recall, Show answer, the four buttons); one with points
 * has 3 to 7.
 */
export const ownCardSchema = z
  .strictObject({
    ...cardFieldsWith(ownLimits),
    format: z.enum(CARD_FORMATS).default('markdown'),
    prompt: z.string().trim(),
    points: z
      .array(ownPointSchema)
      .max(ownLimits.maxPoints, `at most ${ownLimits.maxPoints} points`)
      .refine(
        (points) => points.length === 0 || points.length >= ownLimits.minPoints,
        `at least ${ownLimits.minPoints} points`,
      ),
    answerMarkdown: z.string().default(''),
  })
  .superRefine(checkPoints)
  .superRefine(checkFormatLimits)

export type CardFrontmatter = z.infer<typeof cardFrontmatterSchema>
export type CardPoint = z.infer<typeof pointSchema>
export type CardSource = z.infer<typeof cardSourceSchema>
export type OwnCard = z.infer<typeof ownCardSchema>
export type OwnCardInput = z.input<typeof ownCardSchema>

export interface Card extends CardFrontmatter {
  /** The model answer, Markdown. */
  answerMarkdown: string
  /** The file it came from, relative to the project root. */
  file: string
}
