// Writing, editing and deleting a learner's own cards. Validation is the shared
// card schema (lib/content/schema.ts); ids are slugs unique per learner that never
// shadow a built-in card. Expected failures are values; nothing is written on one.
import type { Sqlite } from '@/db/open'
import { type OwnCardRecord, ownCardQueries } from '@/db/queries/own-cards'
import { ankiHtmlToHtml } from '@/lib/content/markdown'
import { type OwnCard, ownCardSchema, slugify } from '@/lib/content/schema'
import { isBuiltInCardId } from '@/lib/decks'
import { type FieldErrors, fieldErrorsOf } from './errors'

/** Far above any real deck (an Anki package may bring 20,000 notes); keeps one learner from filling the disk. */
export const MAX_OWN_CARDS = 30_000

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
function freshIdFor(sqlite: Sqlite, learnerId: string, title: string): string {
  const base = slugify(title) || 'card'
  const q = ownCardQueries(sqlite)
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`
    if (!isBuiltInCardId(id) && !q.getOwnCardByLearnerAndId({ learnerId, cardId: id })) return id
  }
}

/** The form sends no id for a new card; the schema still checks one, so give it a placeholder. */
const PENDING_ID = 'new-card'

export function createOwnCard(sqlite: Sqlite, learnerId: string, input: unknown, nowMs: number): SaveResult {
  const parsed = ownCardSchema.safeParse({ ...(input as object), id: PENDING_ID })
  if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsOf(parsed.error.issues) }
  const q = ownCardQueries(sqlite)
  const save = sqlite.transaction((): SaveResult => {
    if (q.countOwnCardsByLearnerId(learnerId) >= MAX_OWN_CARDS)
      return { kind: 'invalid', fieldErrors: { form: `You already have ${MAX_OWN_CARDS} cards.` } }
    const id = freshIdFor(sqlite, learnerId, parsed.data.title)
    q.insertOwnCard(learnerId, recordOf({ ...parsed.data, id }, nowMs))
    return { kind: 'saved', id }
  })
  return save.immediate()
}

export function updateOwnCard(
  sqlite: Sqlite,
  learnerId: string,
  cardId: string,
  input: unknown,
  nowMs: number,
): SaveResult {
  const parsed = ownCardSchema.safeParse({ ...(input as object), id: cardId })
  if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsOf(parsed.error.issues) }
  const { createdAtMs: _created, suspended: _suspended, ...record } = recordOf(parsed.data, nowMs)
  return ownCardQueries(sqlite).updateOwnCard(learnerId, record)
    ? { kind: 'saved', id: cardId }
    : { kind: 'not-found' }
}

/** Removes the card and its schedule. Its review logs stay: past reviews still count in stats and exports. */
export function deleteOwnCard(sqlite: Sqlite, learnerId: string, cardId: string): boolean {
  return sqlite.transaction(() => ownCardQueries(sqlite).deleteOwnCard({ learnerId, cardId })).immediate()
}
