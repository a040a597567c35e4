// Importing own cards from Markdown files: parse all (all or nothing), then
// upsert by id in one transaction. A card already there with the same content is
// left alone, so importing the same file twice changes nothing.

import { type OwnCardRecord, ownCardQueries } from '@/db/queries/own-cards'
import type { Db } from '@/db/sql/db'
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

type IncomingCard = Omit<OwnCard, 'format'> & Partial<Pick<OwnCard, 'format'>>

/** The records an import writes (sanitized here, so a transaction only has to store them). */
export function ownCardRecordsOf(cards: readonly IncomingCard[], nowMs: number): OwnCardRecord[] {
  // Cards of one import keep their file order within a deck.
  return cards.map((card, index) => ({ ...recordOf(card, nowMs), createdAtMs: nowMs + index }))
}

/** Upserts records from `ownCardRecordsOf` for one learner; call inside a transaction. */
export async function upsertOwnCardRecords(
  db: Db,
  learnerId: string,
  records: readonly OwnCardRecord[],
): Promise<CardImportSummary> {
  const q = ownCardQueries(db)
  const summary: CardImportSummary = { added: 0, updated: 0, unchanged: 0 }
  const existingById = new Map((await q.listOwnCardsByLearnerId(learnerId)).map((card) => [card.id, card]))
  for (const incoming of records) {
    const existing = existingById.get(incoming.id)
    if (!existing) {
      await q.insertOwnCard(learnerId, incoming)
      existingById.set(incoming.id, incoming)
      summary.added++
    } else if (sameContent(existing, incoming)) {
      summary.unchanged++
    } else {
      const { createdAtMs: _created, suspended: _suspended, ...update } = incoming
      await q.updateOwnCard(learnerId, update)
      existingById.set(incoming.id, { ...existing, ...update })
      summary.updated++
    }
  }
  return summary
}

/** Upserts parsed cards for one learner; call inside a transaction. */
export async function upsertOwnCards(
  db: Db,
  learnerId: string,
  cards: readonly IncomingCard[],
  nowMs: number,
): Promise<CardImportSummary> {
  return upsertOwnCardRecords(db, learnerId, ownCardRecordsOf(cards, nowMs))
}

export async function importOwnCardFiles(
  db: Db,
  learnerId: string,
  files: readonly { name: string; text: string }[],
  nowMs: number,
): Promise<CardImportResult> {
  const parsed = parseCardFiles(files)
  if (!parsed.ok) return { kind: 'invalid', issues: parsed.issues }
  const records = ownCardRecordsOf(parsed.cards, nowMs)
  try {
    return await db.transaction(
      async (tx): Promise<CardImportResult> => {
        const summary = await upsertOwnCardRecords(tx, learnerId, records)
        if ((await ownCardQueries(tx).countOwnCardsByLearnerId(learnerId)) > MAX_OWN_CARDS)
          throw new TooManyCards()
        return { kind: 'imported', summary }
      },
      { lockKey: learnerId },
    )
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
export async function ownCardsOf(db: Db, learnerId: string): Promise<OwnCard[]> {
  return (await ownCardQueries(db).listOwnCardsByLearnerId(learnerId)).map((record) => ({
    id: record.id,
    title: record.title,
    deck: record.deckName,
    prompt: record.prompt,
    points: record.points,
    answerMarkdown: record.answerMarkdown,
    format: record.format ?? 'markdown',
  }))
}
