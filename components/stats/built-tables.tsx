'use client'
// The stats tables as client leaves: their rows cross to the browser once, as text, and
// the table is built from them (table-markup.ts) on the server for the HTML, which hydration
// keeps (kept-markup.tsx), and here after a client navigation. Nothing in them is interactive
// (links are plain links).
import { useMemo } from 'react'
import type { CardMisses } from '@/lib/stats/misses'
import { KeptMarkup } from '../ui/kept-markup'
import { cardMissesListMarkup } from './misses-markup'
import { type CardRow, cardTableMarkup, dataTableMarkup } from './table-markup'

interface DataTable {
  caption: string
  head: string[]
  rows: (string | number)[][]
}

const buildDataTable = ({ caption, head, rows }: DataTable) => dataTableMarkup(caption, head, rows)

export function DataTableRows({ caption, head, rows }: DataTable) {
  const table = useMemo(() => ({ caption, head, rows }), [caption, head, rows])
  return <KeptMarkup data={table} build={buildDataTable} />
}

export function CardTableRows({ rows }: { rows: CardRow[] }) {
  return <KeptMarkup data={rows} build={cardTableMarkup} />
}

export function CardMissesList({ cards }: { cards: CardMisses[] }) {
  return <KeptMarkup data={cards} build={cardMissesListMarkup} />
}
