// Which of Anki's stock note types a note type is. Anki 2.1.62+ records it
// (originalStockKind); older collections are known by the English default names,
// with the "-xxxxx" suffix Anki adds when an import brings a second copy.
import type { StockKind } from './model'

/** notetypes.proto StockNotetype.OriginalStockKind → ours (6, image occlusion, is treated as custom). */
const BY_ORIGINAL_KIND: Record<number, StockKind> = {
  1: 'basic',
  2: 'basic-reversed',
  3: 'basic-optional-reversed',
  4: 'basic-typing',
  5: 'cloze',
}

const BY_NAME: [RegExp, StockKind][] = [
  [/^basic$/i, 'basic'],
  [/^basic \(and reversed card\)$/i, 'basic-reversed'],
  [/^basic \(optional reversed card\)$/i, 'basic-optional-reversed'],
  [/^basic \(type in the answer\)$/i, 'basic-typing'],
  [/^cloze$/i, 'cloze'],
]

export function stockKindOf({
  name,
  cloze,
  originalStockKind = 0,
}: {
  name: string
  cloze: boolean
  originalStockKind?: number
}): StockKind | null {
  const recorded = BY_ORIGINAL_KIND[originalStockKind]
  if (recorded) return recorded
  const base = name.trim().replace(/-[A-Za-z0-9]{5}$/, '')
  const named = BY_NAME.find(([pattern]) => pattern.test(base))?.[1] ?? null
  if (cloze) return 'cloze'
  return named === 'cloze' ? null : named
}
