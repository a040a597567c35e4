// Importing own cards from Markdown files: parse all (all or nothing), then
// upsert by id in one transaction. A card already there with the same content is
// left alone, so importing the same file twice changes nothing.
import type { Sqlite } from '@/db/open'
import { type OwnCardRecord, ownCardQueries } from '@/db/queries/own-cards'
import type { OwnCard } from '@/lib/content/schema'
import { type CardFileIssue, parseCardFiles } from './markdown-file'
import { MAX_OWN_CARDS, recordOf } from './service'

export interface CardImportSummary {
  added: number
  updated: number
  unchanged: number
}

export type CardImportResult =
  | { kind: 'imported'; summary: CardImportSummary }
  | { kind: 'invalid'; issues: CardFileIssue[] }

/** 1 MB of Markdown is thousands of cards. */
export const MAX_CARD_IMPORT_BYTES = 1024 * 1024

function sameContent(a: OwnCardRecord, b: OwnCardRecord): boolean {
  return (
    a.title === b.title &&
    a.deckName === b.deckName &&
    a.prompt === b.prompt &&
    a.answerMarkdown === b.answerMarkdown &&
    (a.format ?? 'markdown') === (b.format ?? 'markdown') &&
    JSON.stringify(a.points) === JSON.stringify(b.points)
  )
}

/** Upserts parsed cards for one learner; call inside a transaction. */
export function upsertOwnCards(
  sqlite: Sqlite,
  learnerId: string,
  cards: readonly (Omit<OwnCard, 'format'> & Partial<Pick<OwnCard, 'format'>>)[],
  nowMs: number,
): CardImportSummary {
  const q = ownCardQueries(sqlite)
  const summary: CardImportSummary = { added: 0, updated: 0, unchanged: 0 }
  cards.forEach((card, index) => {
    // Cards of one import keep their file order within a deck.
    const incoming = { ...recordOf(card, nowMs), createdAtMs: nowMs + index }
    const existing = q.getOwnCardByLearnerAndId({ learnerId, cardId: card.id })
    if (!existing) {
      q.insertOwnCard(learnerId, incoming)
      summary.added++
    } else if (sameContent(existing, incoming)) {
      summary.unchanged++
    } else {
      const { createdAtMs: _created, suspended: _suspended, ...update } = incoming
      q.updateOwnCard(learnerId, update)
      summary.updated++
    }
  })
  return summary
}

export function importOwnCardFiles(
  sqlite: Sqlite,
  learnerId: string,
  files: readonly { name: string; text: string }[],
  nowMs: number,
): CardImportResult {
  const parsed = parseCardFiles(files)
  if (!parsed.ok) return { kind: 'invalid', issues: parsed.issues }
  const run = sqlite.transaction((): CardImportResult => {
    const summary = upsertOwnCards(sqlite, learnerId, parsed.cards, nowMs)
    if (ownCardQueries(sqlite).countOwnCardsByLearnerId(learnerId) > MAX_OWN_CARDS) throw new TooManyCards()
    return { kind: 'imported', summary }
  })
  try {
    return run.immediate()
  } catch (error) {
    if (!(error instanceof TooManyCards)) throw error
    return {
      kind: 'invalid',
      issues: [
        {
          file: files[0]?.name ?? '(file)',
          card: 0,
          field: '(file)',
          message: `the import would take you past ${MAX_OWN_CARDS} cards`,
        },
      ],
    }
  }
}

class TooManyCards extends Error {}

/** The learner's own cards in the schema's shape (export, study-state transfer). */
export function ownCardsOf(sqlite: Sqlite, learnerId: string): OwnCard[] {
  return ownCardQueries(sqlite)
    .listOwnCardsByLearnerId(learnerId)
    .map((record) => ({
      id: record.id,
      title: record.title,
      deck: record.deckName,
      prompt: record.prompt,
      points: record.points,
      answerMarkdown: record.answerMarkdown,
      format: record.format ?? 'markdown',
    }))
}
