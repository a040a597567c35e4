// Who a card is on either side. Anki knows a card by its note's guid and its
// ordinal; Drill by its id. The same note always gives the same Drill id, and a
// Drill card is always exported under the same guid, so both directions of a
// round trip find the card they already have.
import { createHash } from 'node:crypto'
import type { AnkiCardLinkRecord } from '@/db/queries/anki'

/** A card id from the note's identity: the same note gives the same id for every learner. */
export function cardIdOfAnkiCard(guid: string, ord: number): string {
  return `anki-${createHash('sha256').update(guid).digest('hex').slice(0, 12)}-${ord + 1}`
}

/**
 * The guid a card is exported under: a Basic note's own guid (Anki then updates that
 * note), otherwise one derived from the card — stable across exports.
 */
export function exportGuidOf(cardId: string, link: AnkiCardLinkRecord | undefined): string {
  if (link?.onlyCardOfNote) return link.guid
  const source = link ? `anki ${link.guid}\x1f${link.ord}` : `drill card ${cardId}`
  return `drill-${createHash('sha256').update(source).digest('base64url').slice(0, 12)}`
}
