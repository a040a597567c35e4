// A collection of note types of the learner's own making (issue 38): three templates with
// conditionals, {{FrontSide}}, filters and special fields; a template with broken syntax;
// a card whose front went blank when its field was emptied. Every card has a history.
import type { Db } from '@/db/sql/db'
import { cardIdOfAnkiCard } from '@/lib/anki/identity'
import { type FixtureCollection, legacyPackage } from './build'
import { importBytes } from './run'

export const NT0 = Date.UTC(2026, 0, 12, 8, 0, 0)
const DAY = 86_400_000

export const noteTypesCollection: FixtureCollection = {
  notes: [
    {
      guid: 'vocab-guid-1',
      type: 'vocab',
      deck: 'Words::HTTP',
      tags: ['http', 'verbs'],
      fields: [
        'idempotent',
        'Gives the same result when applied twice',
        'PUT is <b>idempotent</b>; POST is not.',
      ],
      reviews: [
        { ord: 0, atMs: NT0, ease: 3, type: 0 },
        { ord: 0, atMs: NT0 + 2 * DAY, ease: 3, type: 1 },
        { ord: 1, atMs: NT0 + DAY, ease: 2, type: 0 },
        { ord: 2, atMs: NT0 + DAY + 60_000, ease: 4, type: 0 },
      ],
    },
    {
      guid: 'vocab-guid-2',
      type: 'vocab',
      deck: 'Words::HTTP',
      fields: ['lease', 'A time-limited claim on a key', ''],
      reviews: [{ ord: 1, atMs: NT0 + 3 * DAY, ease: 3, type: 0 }],
    },
    {
      guid: 'broken-guid-3',
      type: 'broken',
      deck: 'Words',
      fields: ['Broken front', 'Back of the broken card'],
      reviews: [{ ord: 0, atMs: NT0 + DAY + 120_000, ease: 3, type: 0 }],
    },
    {
      guid: 'hinted-guid-4',
      type: 'hinted',
      deck: 'Words',
      // The Hint was emptied after Anki made card 2: Anki keeps it, with a blank front.
      fields: ['Hinted front', 'Hinted back', ''],
      cards: [0, 1],
      reviews: [{ ord: 1, atMs: NT0 + 2 * DAY + 180_000, ease: 1, type: 0 }],
    },
  ],
}

/**
 * What an import before issue 38 left for this package: one card per note of a custom type
 * (its first template's, with that card's history; content from the fields, not the template),
 * the other templates' cards and reviews dropped. Built by importing only the first cards and
 * writing the old content and link back over them.
 */
export async function importAsBeforeIssue38(db: Db, learnerId: string, nowMs: number): Promise<void> {
  const firstCardsOnly: FixtureCollection = {
    notes: noteTypesCollection.notes.map((note) => ({ ...note, cards: [0] })),
  }
  const result = await importBytes(db, learnerId, 'old.apkg', legacyPackage(firstCardsOnly), { nowMs })
  if (result.kind !== 'imported') throw new Error('error' in result ? result.error.message : result.kind)
  for (const note of noteTypesCollection.notes) {
    const [first, ...rest] = note.fields
    await db.run(
      'UPDATE own_cards SET title = ?, prompt = ?, answer_markdown = ? WHERE learner_id = ? AND id = ?',
      first,
      first,
      rest.filter(Boolean).join('\n'),
      learnerId,
      cardIdOfAnkiCard(note.guid, 0),
    )
  }
  await db.run("UPDATE anki_card_links SET source_hash = 'before-issue-38' WHERE learner_id = ?", learnerId)
}
