'use server'
// Own cards' server actions: thin — resolve the learner, call lib/own-cards, refresh.
// Every action validates its input with the shared card schema (in lib/own-cards).
import { redirect } from 'next/navigation'
import { z } from 'zod'
import { cardTextToHtml } from '@/lib/content/markdown'
import { OWN_CARD_LIMITS } from '@/lib/content/schema'
import type { FieldErrors } from '@/lib/own-cards/errors'
import { createOwnCard, deleteOwnCard, updateOwnCard } from '@/lib/own-cards/service'
import { type PointSuggestion, suggestPoints } from '@/lib/own-cards/suggest-points'
import { serverAction } from '@/lib/server-action'

export type CardFormResult = { ok: true; id: string } | { ok: false; fieldErrors: FieldErrors }

const cardIdSchema = z.string().min(1).max(200)

export const createCardAction = serverAction(
  { learner: 'write' },
  async ({ learnerId, nowMs, db }, input: unknown): Promise<CardFormResult> => {
    const result = await createOwnCard(db, learnerId, input, nowMs)
    if (result.kind === 'saved') return { ok: true, id: result.id }
    return { ok: false, fieldErrors: result.kind === 'invalid' ? result.fieldErrors : { form: 'Not found.' } }
  },
)

export const updateCardAction = serverAction(
  {
    input: (cardId: unknown, _input: unknown) => cardId,
    schema: cardIdSchema,
    invalid: (): CardFormResult => ({ ok: false, fieldErrors: { form: 'That card does not exist.' } }),
  },
  async ({ input: id, learnerId, nowMs, db }, _cardId, input): Promise<CardFormResult> => {
    const result = await updateOwnCard(db, learnerId, id, input, nowMs)
    if (result.kind === 'saved') return { ok: true, id: result.id }
    return {
      ok: false,
      fieldErrors: result.kind === 'invalid' ? result.fieldErrors : { form: 'That card does not exist.' },
    }
  },
)

const deleteRefused = { ok: false, error: 'That card does not exist (any more).' } as const

export const deleteCardAction = serverAction(
  { input: (cardId: unknown) => cardId, schema: cardIdSchema, invalid: () => deleteRefused },
  async ({ input: id, learnerId, db }): Promise<typeof deleteRefused> => {
    if (!(await deleteOwnCard(db, learnerId, id))) return deleteRefused
    redirect('/cards')
  },
)

const formatSchema = z.enum(['markdown', 'html']).default('markdown')
const cardTextSchema = z.object({
  text: z.string().max(OWN_CARD_LIMITS.htmlAnswerMaxChars),
  format: formatSchema,
})

/** The live preview: the same sanitizing render the card page uses (Anki's HTML for imported cards). */
export const previewMarkdownAction = serverAction(
  {
    input: (markdown: unknown, format?: unknown) => ({ text: markdown, format }),
    schema: cardTextSchema,
    invalid: () => '',
    learner: 'none',
  },
  async ({ input: { text, format } }): Promise<string> => {
    if (format === 'markdown' && text.length > OWN_CARD_LIMITS.answerMaxChars) return ''
    return cardTextToHtml(text, format)
  },
)

/** Suggest points: the answer's top-level list items (3 to 7) as point texts. */
export const suggestPointsAction = serverAction(
  {
    input: (answer: unknown, format?: unknown) => ({ text: answer, format }),
    schema: cardTextSchema,
    invalid: (): PointSuggestion => ({ kind: 'too-few', found: 0 }),
    learner: 'none',
  },
  async ({ input: { text, format } }): Promise<PointSuggestion> => suggestPoints(text, format),
)
