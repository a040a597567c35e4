// Goal: the package committed for e2e/anki.spec.ts imports as the spec expects.
import fs from 'node:fs'
import { expect, test } from 'vitest'
import { addLearner, freshDatabase } from '@/lib/transfer/testing'
import { E2E_FIXTURE_PATH } from '@/tests/anki/e2e-fixture'
import { importBytes } from '@/tests/anki/run'

test('the e2e package: 4 cards in "System Design", 3 reviews, 1 image', () => {
  const sqlite = freshDatabase()
  addLearner(sqlite, 'alice')
  const result = importBytes(sqlite, 'alice', 'system-design.apkg', fs.readFileSync(E2E_FIXTURE_PATH))
  expect(result).toMatchObject({
    kind: 'imported',
    summary: { decks: [{ name: 'System Design', cards: 4 }], cards: 4, reviews: 3, media: 1, skipped: [] },
  })
})
