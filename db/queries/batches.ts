// Many rows per statement, for the bulk writes and lookups of an import (transfer.ts,
// anki-import.ts): one statement per row would be one round trip each on PostgreSQL.

/**
 * Rows per batch statement: a list is cut into these sizes (largest first), so each batch
 * statement has at most this many texts (each prepared once per connection). 13 columns ×
 * 500 rows stays under SQLite's 32,766 and PostgreSQL's 65,535 parameters.
 */
const BATCH_SIZES = [500, 100, 20, 5, 1] as const

/** `items` cut into batches of BATCH_SIZES, in order. */
export function inBatches<T>(items: readonly T[]): T[][] {
  const batches: T[][] = []
  let at = 0
  for (const size of BATCH_SIZES)
    while (items.length - at >= size) {
      batches.push(items.slice(at, at + size))
      at += size
    }
  return batches
}

/** `(?, …), (?, …)`: `rows` tuples of `columns` placeholders, for a multi-row VALUES. */
export function placeholders(columns: number, rows: number): string {
  const row = `(${Array.from({ length: columns }, () => '?').join(', ')})`
  return Array.from({ length: rows }, () => row).join(', ')
}
