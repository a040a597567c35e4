'use client'
// The stats tables as client leaves: their rows cross to the browser once, as text, and
// the table is built from them (table-markup.ts) — on the server for the HTML, and again
// here after a client navigation. Hydration keeps the server's markup; nothing in it is
// interactive (links are plain links).
import { useMemo } from 'react'
import type { CardMisses } from '@/lib/stats/misses'
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
  const html = useMemo(() => dataTableMarkup(caption, head, rows), [caption, head, rows])
  // biome-ignore lint/security/noDangerouslySetInnerHtml: built by table-markup.ts, every text escaped
  return <div dangerouslySetInnerHTML={{ __html: html }} />
}

export function CardTableRows({ rows }: { rows: CardRow[] }) {
  const html = useMemo(() => cardTableMarkup(rows), [rows])
  // biome-ignore lint/security/noDangerouslySetInnerHtml: built by table-markup.ts, every text escaped
  return <div dangerouslySetInnerHTML={{ __html: html }} />
}

export function CardMissesList({ cards }: { cards: CardMisses[] }) {
  const html = useMemo(() => cardMissesListMarkup(cards), [cards])
  // biome-ignore lint/security/noDangerouslySetInnerHtml: built by misses-markup.ts, every text escaped
  return <div dangerouslySetInnerHTML={{ __html: html }} />
}
