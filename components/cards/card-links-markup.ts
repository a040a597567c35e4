// A list of cards as links, as markup: title, prompt and a note per card. Pure, so the
// server and the browser build the same list from the same rows (card-links.tsx).
import { element, text } from '../ui/markup'

export interface CardLinkRow {
  href: string
  title: string
  prompt: string
  note: string
}

const linkClass =
  'block h-full rounded-xl border border-zinc-200 bg-white p-4 hover:border-zinc-400 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-600'

export function cardLinksMarkup(
  rows: readonly CardLinkRow[],
  listClass: string,
  itemTestId?: string,
): string {
  return element(
    'ul',
    { class: listClass },
    ...rows.map((row) =>
      element(
        'li',
        { 'data-testid': itemTestId },
        element(
          'a',
          { href: row.href, class: linkClass },
          element('span', { class: 'block font-semibold' }, text(row.title)),
          element('span', { class: 'mt-1 block text-sm text-zinc-700 dark:text-zinc-300' }, text(row.prompt)),
          element('span', { class: 'mt-2 block text-xs text-zinc-600 dark:text-zinc-400' }, text(row.note)),
        ),
      ),
    ),
  ).html
}
