'use client'
// A list of cards as plain links, built from its rows (card-links-markup.ts): a learner's
// decks can hold hundreds of cards, and their rows cross to the browser once, as text.
// Plain links, not <Link>: one client component and one prefetch per card on screen would
// cost more than the navigation saves.
import { useMemo } from 'react'
import { type CardLinkRow, cardLinksMarkup } from './card-links-markup'

export function CardLinks({
  rows,
  listClass,
  itemTestId,
}: {
  rows: CardLinkRow[]
  listClass: string
  itemTestId?: string
}) {
  const html = useMemo(() => cardLinksMarkup(rows, listClass, itemTestId), [rows, listClass, itemTestId])
  // biome-ignore lint/security/noDangerouslySetInnerHtml: built by card-links-markup.ts, every text escaped
  return <div dangerouslySetInnerHTML={{ __html: html }} />
}
