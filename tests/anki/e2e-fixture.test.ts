// Goal: the package committed for e2e/anki.spec.ts imports as the spec expects.
import fs from 'node:fs'
import { expect, test } from 'vitest'
import { E2E_FIXTURE_PATH, E2E_NOTE_TYPES_PATH } from '@/tests/anki/e2e-fixture'
import { addStudyLearner, freshStudyDb } from '@/tests/anki/learners'
import { importBytes } from '@/tests/anki/run'

test('the e2e package: 4 cards in "System Design", 3 reviews, 1 image', async () => {
  const { db } = freshStudyDb()
  await addStudyLearner(db, 'alice')
  const result = await importBytes(db, 'alice', 'system-design.apkg', fs.readFileSync(E2E_FIXTURE_PATH))
  expect(result).toMatchObject({
    kind: 'imported',
    summary: { decks: [{ name: 'System Design', cards: 4 }], cards: 4, reviews: 3, media: 1, skipped: [] },
  })
})

test('the e2e note types package: 8 cards in two decks, 7 reviews', async () => {
  const { db } = freshStudyDb()
  await addStudyLearner(db, 'alice')
  const result = await importBytes(db, 'alice', 'note-types.apkg', fs.readFileSync(E2E_NOTE_TYPES_PATH))
  expect(result).toMatchObject({
    kind: 'imported',
    summary: {
      decks: [
        { name: 'Words::HTTP', cards: 5 },
        { name: 'Words', cards: 3 },
      ],
      cards: 8,
      reviews: 7,
      skipped: [],
    },
  })
})
