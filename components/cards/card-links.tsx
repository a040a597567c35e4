'use client'
// A list of cards as plain links, built from its rows (card-links-markup.ts): a learner's
// decks can hold hundreds of cards, and their rows cross to the browser once, as text; the
// server builds the list into the HTML, which hydration keeps (kept-markup.tsx).
// Plain links, not <Link>: one client component and one prefetch per card on screen would
// cost more than the navigation saves.
import { KeptMarkup } from '../ui/kept-markup'
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
  return <KeptMarkup args={[rows, listClass, itemTestId]} build={cardLinksMarkup} />
}
