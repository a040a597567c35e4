'use client'
// The stats tables as client leaves: their rows cross to the browser once, as text, and
// the table is built from them (table-markup.ts) on the server for the HTML, which hydration
// keeps (kept-markup.tsx), and here after a client navigation. Nothing in them is interactive
// (links are plain links).
import type { CardMisses } from '@/lib/stats/misses'
import { KeptMarkup } from '../ui/kept-markup'
import { cardMissesListMarkup } from './misses-markup'
import { type CardRow, cardTableMarkup, dataTableMarkup } from './table-markup'

export function DataTableRows({
  caption,
  head,
  rows,
}: {
  caption: string
  head: string[]
  rows: (string | number)[][]
}) {
  return <KeptMarkup args={[caption, head, rows]} build={dataTableMarkup} />
}

export function CardTableRows({ rows }: { rows: CardRow[] }) {
  return <KeptMarkup args={[rows]} build={cardTableMarkup} />
}

export function CardMissesList({ cards }: { cards: CardMisses[] }) {
  return <KeptMarkup args={[cards]} build={cardMissesListMarkup} />
}
