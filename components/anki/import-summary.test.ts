// Goal: the status line reads as the issue words it.
import { expect, test } from 'vitest'
import { importSentence } from './import-summary'

test('one deck, no history: Imported 42 cards into "System Design" (0 reviews).', () => {
  expect(
    importSentence({
      decks: [{ name: 'System Design', cards: 42 }],
      cards: 42,
      reviews: 0,
      media: 0,
      skipped: [],
    }),
  ).toBe('Imported 42 cards into "System Design" (0 reviews).')
})

test('several decks, images and skipped notes are said too', () => {
  expect(
    importSentence({
      decks: [
        { name: 'A', cards: 1 },
        { name: 'B', cards: 2 },
      ],
      cards: 3,
      reviews: 1,
      media: 2,
      skipped: [{ noteId: 7, reason: 'its prompt is empty' }],
    }),
  ).toBe('Imported 3 cards into 2 decks: "A", "B" (1 review). With 2 images. 1 note was skipped:')
})
