// A reviewed card's point misses as markup (the callouts and the per-point table), from its
// row of numbers: the rows cross to the browser once and each side builds the same cards
// (built-tables.tsx), as the other stats tables do. Pure; every text escaped.
import type { CardMisses } from '@/lib/stats/misses'
import { element, type Markup, text } from '../ui/markup'
import { formatPercent, plural } from './format'

const headClass =
  'w-px whitespace-nowrap border-b border-zinc-300 px-2 py-1 font-semibold sm:px-3 dark:border-zinc-700'
const cellClass = 'px-2 py-1 tabular-nums sm:px-3'

function pointRow(point: CardMisses['points'][number]): Markup {
  const share = point.asked > 0 ? point.missed / point.asked : 0
  return element(
    'tr',
    { 'data-point-id': point.pointId },
    element(
      'th',
      { scope: 'row', class: 'py-1 pr-2 font-normal sm:pr-3' },
      text(point.text),
      point.critical
        ? element(
            'span',
            {
              class:
                'ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100',
            },
            text('critical'),
          )
        : text(''),
    ),
    element('td', { class: cellClass }, text(point.missed)),
    element('td', { class: cellClass }, text(point.asked)),
    element(
      'td',
      { class: 'px-2 py-1 sm:px-3' },
      element(
        'span',
        { class: 'flex items-center gap-2' },
        element(
          'svg',
          { width: 80, height: 8, 'aria-hidden': 'true', class: 'hidden shrink-0 sm:block' },
          element('rect', { width: 80, height: 8, rx: 2, class: 'fill-zinc-200 dark:fill-zinc-800' }),
          element('rect', { width: 80 * share, height: 8, rx: 2, class: 'fill-rose-600 dark:fill-rose-400' }),
        ),
        element('span', { class: 'tabular-nums' }, text(formatPercent(share))),
      ),
    ),
  )
}

export function cardMissesMarkup(card: CardMisses): Markup {
  const top = card.points[0]
  const titleId = `misses-${card.cardId}`
  const critical = card.critical
  return element(
    'article',
    {
      'aria-labelledby': titleId,
      'data-testid': titleId,
      class: 'rounded-lg border border-zinc-200 bg-white p-3 sm:p-4 dark:border-zinc-800 dark:bg-zinc-900',
    },
    element('h3', { id: titleId, class: 'font-semibold' }, text(card.title)),
    element('p', { class: 'text-sm text-zinc-600 dark:text-zinc-400' }, text(plural(card.reviews, 'review'))),
    critical
      ? element(
          'p',
          {
            'data-testid': 'critical-point',
            class:
              'mt-2 rounded-md border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm text-zinc-900 dark:border-amber-400 dark:bg-amber-950 dark:text-zinc-100',
          },
          element('strong', {}, text('Critical point')),
          text(
            `: ${critical.text} — missed ${critical.missed} of ${plural(critical.asked, 'review')}${
              critical.missed > 0 ? '. Missing it means Again.' : '.'
            }${critical.missed > 0 && top?.pointId === critical.pointId ? ' It is the point you miss most.' : ''}`,
          ),
        )
      : text(''),
    // When the critical point is also the most missed, the callout above already says it.
    top && top.missed > 0 && top.pointId !== critical?.pointId
      ? element(
          'p',
          { class: 'mt-2 text-sm' },
          text('Most missed: '),
          element('strong', {}, text(top.text)),
          text(` (${top.missed} of ${top.asked}).`),
        )
      : text(''),
    element(
      'table',
      { class: 'mt-3 w-full border-collapse text-left text-sm' },
      element('caption', { class: 'sr-only' }, text(`How often each point of “${card.title}” was missed`)),
      element(
        'thead',
        {},
        element(
          'tr',
          {},
          element(
            'th',
            { scope: 'col', class: 'border-b border-zinc-300 py-1 pr-3 font-semibold dark:border-zinc-700' },
            text('Point'),
          ),
          element('th', { scope: 'col', class: headClass }, text('Missed')),
          element('th', { scope: 'col', class: headClass }, text('Asked')),
          element(
            'th',
            { scope: 'col', class: headClass },
            text('Share'),
            element('span', { class: 'max-sm:sr-only' }, text(' missed')),
          ),
        ),
      ),
      element('tbody', {}, ...card.points.map(pointRow)),
    ),
  )
}

/** The reviewed cards' misses, one article each, spaced as the section's other blocks. */
export function cardMissesListMarkup(cards: readonly CardMisses[]): string {
  return element('div', { class: 'space-y-4' }, ...cards.map(cardMissesMarkup)).html
}
