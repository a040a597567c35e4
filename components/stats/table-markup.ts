// The stats tables as markup, from their rows of text: the rows cross to the browser once
// and each side builds the same table (a client leaf renders it; see heatmap-drawing.tsx).
// Pure; every text escaped.
import { element, type Markup, text } from '../ui/markup'

const headClass = 'border-b border-zinc-300 px-3 py-1 font-semibold dark:border-zinc-700'

/** The header row shared by the stats tables. */
export function columnHeadsMarkup(head: readonly string[]): Markup {
  return element(
    'thead',
    {},
    element('tr', {}, ...head.map((cell) => element('th', { scope: 'col', class: headClass }, text(cell)))),
  )
}

/** A chart's data table: the first cell of each row heads it. Its cells carry no classes
 * (app/globals.css styles them from `data-table`: the heatmap's has a row per active day). */
export function dataTableMarkup(
  caption: string,
  head: readonly string[],
  rows: readonly (string | number)[][],
): string {
  const body = rows.map((row) =>
    element(
      'tr',
      {},
      ...row.map((cell, index) =>
        index === 0 ? element('th', { scope: 'row' }, text(cell)) : element('td', {}, text(cell)),
      ),
    ),
  )
  return element(
    'table',
    { class: 'data-table' },
    element('caption', { class: 'sr-only' }, text(caption)),
    columnHeadsMarkup(head),
    element('tbody', {}, ...body),
  ).html
}

/** One row of the card table, as the page words it. */
export interface CardRow {
  cardId: string
  /** The card's title (its id when the deck no longer has it). */
  title: string
  inDeck: boolean
  state: string
  stability: string
  retrievability: string
  due: string
  reps: number
  lapses: number
}

export const CARD_TABLE_HEAD = [
  'Card',
  'State',
  'Stability',
  'Retrievability now',
  'Next due',
  'Reviews',
  'Lapses',
]

export function cardTableMarkup(rows: readonly CardRow[]): string {
  // Rows and cells carry no classes: app/globals.css styles them from the table's
  // `card-table` (up to 200 rows; their utility classes repeated were a third of the table).
  const body = rows.map((row) =>
    element(
      'tr',
      { 'data-card-id': row.cardId },
      element(
        'th',
        { scope: 'row' },
        row.inDeck
          ? element('a', { href: `/cards/${row.cardId}`, class: 'underline' }, text(row.title))
          : text(`${row.title} (no longer in the deck)`),
      ),
      element('td', {}, text(row.state)),
      element('td', {}, text(row.stability)),
      element('td', {}, text(row.retrievability)),
      element('td', {}, text(row.due)),
      element('td', {}, text(String(row.reps))),
      element('td', {}, text(String(row.lapses))),
    ),
  )
  return element(
    'table',
    { class: 'card-table' },
    element('caption', { class: 'sr-only' }, text('FSRS state of each card')),
    columnHeadsMarkup(CARD_TABLE_HEAD),
    element('tbody', {}, ...body),
  ).html
}
