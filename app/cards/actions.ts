'use server'
// Own cards' server actions: thin — resolve the learner, call lib/own-cards, refresh.
// Every action validates its input with the shared card schema (in lib/own-cards).
import { redirect } from 'next/navigation'
import { z } from 'zod'
import { studyDb } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { cardTextToHtml } from '@/lib/content/markdown'
import { OWN_CARD_LIMITS } from '@/lib/content/schema'
import { currentLearnerId, ensureLearner } from '@/lib/learner'
import type { FieldErrors } from '@/lib/own-cards/errors'
import { createOwnCard, deleteOwnCard, updateOwnCard } from '@/lib/own-cards/service'
import { type PointSuggestion, suggestPoints } from '@/lib/own-cards/suggest-points'

export type CardFormResult = { ok: true; id: string } | { ok: false; fieldErrors: FieldErrors }

const cardIdSchema = z.string().min(1).max(200)

export async function createCardAction(input: unknown): Promise<CardFormResult> {
  const learnerId = await currentLearnerId()
  const nowMs = await requestNowMs()
  await ensureLearner(learnerId, nowMs)
  const result = await createOwnCard(studyDb(), learnerId, input, nowMs)
  if (result.kind === 'saved') return { ok: true, id: result.id }
  return { ok: false, fieldErrors: result.kind === 'invalid' ? result.fieldErrors : { form: 'Not found.' } }
}

export async function updateCardAction(cardId: unknown, input: unknown): Promise<CardFormResult> {
  const id = cardIdSchema.safeParse(cardId)
  if (!id.success) return { ok: false, fieldErrors: { form: 'That card does not exist.' } }
  const learnerId = await currentLearnerId()
  const result = await updateOwnCard(studyDb(), learnerId, id.data, input, await requestNowMs())
  if (result.kind === 'saved') return { ok: true, id: result.id }
  return {
    ok: false,
    fieldErrors: result.kind === 'invalid' ? result.fieldErrors : { form: 'That card does not exist.' },
  }
}

export async function deleteCardAction(cardId: unknown): Promise<{ ok: false; error: string }> {
  const id = cardIdSchema.safeParse(cardId)
  const learnerId = await currentLearnerId()
  if (!id.success || !(await deleteOwnCard(studyDb(), learnerId, id.data)))
    return { ok: false, error: 'That card does not exist (any more).' }
  redirect('/cards')
}

const formatSchema = z.enum(['markdown', 'html']).default('markdown')

/** The live preview: the same sanitizing render the card page uses (Anki's HTML for imported cards). */
export async function previewMarkdownAction(markdown: unknown, format?: unknown): Promise<string> {
  const text = z.string().max(OWN_CARD_LIMITS.htmlAnswerMaxChars).safeParse(markdown)
  const kind = formatSchema.safeParse(format)
  if (!text.success || !kind.success) return ''
  if (kind.data === 'markdown' && text.data.length > OWN_CARD_LIMITS.answerMaxChars) return ''
  return cardTextToHtml(text.data, kind.data)
}

/** Suggest points: the answer's top-level list items (3 to 7) as point texts. */
export async function suggestPointsAction(answer: unknown, format?: unknown): Promise<PointSuggestion> {
  const text = z.string().max(OWN_CARD_LIMITS.htmlAnswerMaxChars).safeParse(answer)
  const kind = formatSchema.safeParse(format)
  if (!text.success || !kind.success) return { kind: 'too-few', found: 0 }
  return suggestPoints(text.data, kind.data)
}
