// Goal (issue 45): every card and every review of a real Anki collection arrives. AnkiDroid's
// template test deck (tools/test-decks/templates.apkg in ankidroid/Anki-Android, committed here as
// e2e/fixtures-anki/legacy-ankidroid-templates.apkg) holds 146 cards and 102 reviews; two of its
// cloze cards have no deletion of their number (Anki shows their fronts empty, and keeps them and
// their 7 reviews). Those arrive shown plainly, with a one-line note saying why.
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { cardIdOfAnkiCard } from '@/lib/anki/identity'
import { addStudyLearner, freshStudyDb } from './learners'
import { ankiRows, importBytes } from './run'

const DECK = path.join('e2e', 'fixtures-anki', 'legacy-ankidroid-templates.apkg')

test('AnkiDroid’s template deck: 146 cards, 102 reviews, nothing skipped', async () => {
  const { db, sqlite } = freshStudyDb()
  await addStudyLearner(db, 'alice')
  const result = await importBytes(db, 'alice', 'legacy-ankidroid-templates.apkg', fs.readFileSync(DECK))
  expect(result).toMatchObject({ kind: 'imported', summary: { cards: 146, reviews: 102, skipped: [] } })
  const rows = ankiRows(sqlite, 'alice')
  expect(rows.ownCards).toHaveLength(146)
  expect(rows.reviewLogs).toHaveLength(102)

  // The cloze card c2 of a note with only c1: its text with the deletion shown, and the note why.
  const empty = rows.ownCards.find(
    (card) => (card as { id: string }).id === cardIdOfAnkiCard('j%P1j`Jh4z', 1),
  )
  const prompt = JSON.stringify(empty)
  expect(prompt).toContain('Shown plainly: Anki shows the front of this card empty')
  expect(prompt).not.toContain('{{c1::')
  // Its 7 reviews came with it.
  const itsReviews = rows.reviewLogs.filter(
    (log) => (log as { card_id: string }).card_id === (empty as { id: string }).id,
  )
  expect(itsReviews).toHaveLength(7)
})
