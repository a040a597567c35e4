// A package of many plain notes, each with a few reviews: big enough that an import
// takes several chunks (lib/anki/import.ts IMPORT_CHUNK_CARDS), for the progress and
// Cancel tests and the browser's progress bar.
import type { FixtureCollection } from './build'

const DAY = 86_400_000

export function largeCollection(
  notes: number,
  {
    deck = 'Large deck',
    reviewsPerNote = 3,
    startMs = Date.UTC(2026, 0, 5),
    /** Notes of two packages imported side by side need their own guids. */
    guidPrefix = 'large',
  } = {},
): FixtureCollection {
  return {
    notes: Array.from({ length: notes }, (_, i) => ({
      guid: `${guidPrefix}-${i}`,
      type: 'basic' as const,
      deck,
      fields: [`Question ${i}: what does step ${i} protect?`, `Answer ${i}`],
      reviews: Array.from({ length: reviewsPerNote }, (_, k) => ({
        // revlog ids are times in ms and must be unique: one ms slot per (note, review).
        atMs: startMs + k * 3 * DAY + i,
        ease: (i + k) % 4 === 0 ? 1 : 3,
        type: k === 0 ? 0 : 1,
      })),
    })),
  }
}
