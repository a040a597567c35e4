'use client'
// A list of cards as plain links, built from its rows (card-links-markup.ts): a learner's
// decks can hold hundreds of cards, and their rows cross to the browser once, as text; the
// server builds the list into the HTML, which hydration keeps (kept-markup.tsx).
// Plain links, not <Link>: one client component and one prefetch per card on screen would
// cost more than the navigation saves.
import { useMemo } from 'react'
import { KeptMarkup } from '../ui/kept-markup'
import { type CardLinkRow, cardLinksMarkup } from './card-links-markup'

interface CardLinkList {
  rows: CardLinkRow[]
  listClass: string
  itemTestId?: string
}

const buildList = ({ rows, listClass, itemTestId }: CardLinkList) =>
  cardLinksMarkup(rows, listClass, itemTestId)

export function CardLinks({ rows, listClass, itemTestId }: CardLinkList) {
  const list = useMemo(() => ({ rows, listClass, itemTestId }), [rows, listClass, itemTestId])
  return <KeptMarkup data={list} build={buildList} />
}
