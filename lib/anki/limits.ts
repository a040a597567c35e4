// The limits an Anki import is held to (issue 26). Each is checked where the
// bytes or rows are counted, not only where they are declared.

const MB = 1024 * 1024

export const ANKI_LIMITS = {
  /** The upload itself: above it the route answers 413 without reading on. */
  uploadBytes: 100 * MB,
  /**
   * Everything the zip (and the zstd inside it) expands to: to a temp file, not memory. A collection
   * of 100,000 notes with a million reviews is about 250 MB (issue 50).
   */
  expandedBytes: 1024 * MB,
  /** Expanded ÷ compressed, over the whole archive, once it holds more than `ratioFloorBytes`. */
  maxRatio: 100,
  /** A few small files (an empty collection) compress far better than 100:1 and are harmless. */
  ratioFloorBytes: 1 * MB,
  /** A real collection's size (issue 50): a package is written a chunk at a time, so this is about time, not memory. */
  notes: 100_000,
  imageBytes: 5 * MB,
  mediaBytesPerLearner: 50 * MB,
  /** Entries in the zip: a collection, its meta and media list, and the media files. */
  zipEntries: 50_000,
} as const

export type AnkiLimits = { readonly [Limit in keyof typeof ANKI_LIMITS]: number }
