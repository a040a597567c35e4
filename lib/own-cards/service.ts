// Writing, editing and deleting a learner's own cards. Validation is the shared
// card schema (lib/content/schema.ts); ids are slugs unique per learner that never
// shadow a built-in card. Expected failures are values; nothing is written on one.

import { type OwnCardRecord, ownCardQueries } from '@/db/queries/own-cards'
import type { Db } from '@/db/sql/db'
import { ankiHtmlToHtml } from '@/lib/content/markdown'
import { type OwnCard, ownCardSchema, slugify } from '@/lib/content/schema'
import { isBuiltInCardId } from '@/lib/decks'
import { type FieldErrors, fieldErrorsOf } from './errors'

/** Far above any real deck (an Anki package may bring 100,000 notes, some with two cards); keeps one learner from filling the disk. */
export const MAX_OWN_CARDS = 200_000

export type SaveResult =
  | { kind: 'saved'; id: string }
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  | { kind: 'not-found' }

export function recordOf(
  card: Omit<OwnCard, 'format'> & Partial<Pick<OwnCard, 'format'>>,
  nowMs: number,
): OwnCardRecord {
  return {
    id: card.id,
    title: card.title,
    deckName: card.deck,
    deckSlug: slugify(card.deck),
    // An HTML card (from Anki) is stored sanitized, whoever edited it last; Markdown stays as written.
    prompt: card.format === 'html' ? ankiHtmlToHtml(card.prompt) : card.prompt,
    points: card.points.map((p) => ({ id: p.id, text: p.text, critical: p.critical, cues: p.cues })),
    answerMarkdown:
      card.format === 'html' ? ankiHtmlToHtml(card.answerMarkdown.trim()) : card.answerMarkdown.trim(),
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
    format: card.format ?? 'markdown',
    suspended: false,
  }
}

/** A fresh id from the title: "Token bucket" → token-bucket, then token-bucket-2, … */
async function freshIdFor(db: Db, learnerId: string, title: string): Promise<string> {
  const base = slugify(title) || 'card'
  const q = ownCardQueries(db)
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`
    if (!isBuiltInCardId(id) && !(await q.getOwnCardByLearnerAndId({ learnerId, cardId: id }))) return id
  }
}

/** The form sends no id for a new card; the schema still checks one, so give it a placeholder. */
const PENDING_ID = 'new-card'

export async function createOwnCard(
  db: Db,
  learnerId: string,
  input: unknown,
  nowMs: number,
): Promise<SaveResult> {
  const parsed = ownCardSchema.safeParse({ ...(input as object), id: PENDING_ID })
  if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsOf(parsed.error.issues) }
  // Sanitized before the transaction: its body does database work only.
  const record = recordOf({ ...parsed.data, id: PENDING_ID }, nowMs)
  return db.transaction(
    async (tx): Promise<SaveResult> => {
      const q = ownCardQueries(tx)
      if ((await q.countOwnCardsByLearnerId(learnerId)) >= MAX_OWN_CARDS)
        return { kind: 'invalid', fieldErrors: { form: `You already have ${MAX_OWN_CARDS} cards.` } }
      const id = await freshIdFor(tx, learnerId, parsed.data.title)
      await q.insertOwnCard(learnerId, { ...record, id })
      return { kind: 'saved', id }
    },
    { lockKey: learnerId },
  )
}

export async function updateOwnCard(
  db: Db,
  learnerId: string,
  cardId: string,
  input: unknown,
  nowMs: number,
): Promise<SaveResult> {
  const parsed = ownCardSchema.safeParse({ ...(input as object), id: cardId })
  if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsOf(parsed.error.issues) }
  const { createdAtMs: _created, suspended: _suspended, ...record } = recordOf(parsed.data, nowMs)
  const updated = await db.transaction((tx) => ownCardQueries(tx).updateOwnCard(learnerId, record), {
    lockKey: learnerId,
  })
  return updated ? { kind: 'saved', id: cardId } : { kind: 'not-found' }
}

/** Removes the card and its schedule. Its review logs stay: past reviews still count in stats and exports. */
export async function deleteOwnCard(db: Db, learnerId: string, cardId: string): Promise<boolean> {
  return db.transaction((tx) => ownCardQueries(tx).deleteOwnCard({ learnerId, cardId }), {
    lockKey: learnerId,
  })
}
