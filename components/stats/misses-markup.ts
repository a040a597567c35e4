// A reviewed card's point misses as markup (the callouts and the per-point table), from its
// row of numbers: the rows cross to the browser once and each side builds the same cards
// (built-tables.tsx), as the other stats tables do. Pure; every text escaped.
import type { CardMisses } from '@/lib/stats/misses'
import { element, type Markup, text } from '../ui/markup'
import { formatPercent, plural } from './format'

// The classes are few and short (app/globals.css styles the cells from the table's
// `misses-table`): a long history shows a dozen cards of rows, and each row's utility
// classes repeated were most of the page's HTML.

function pointRow(point: CardMisses['points'][number]): Markup {
  const share = point.asked > 0 ? point.missed / point.asked : 0
  return element(
    'tr',
    { 'data-point-id': point.pointId },
    element(
      'th',
      { scope: 'row' },
      text(point.text),
      point.critical ? element('span', { class: 'misses-critical' }, text('critical')) : text(''),
    ),
    element('td', {}, text(point.missed)),
    element('td', {}, text(point.asked)),
    element(
      'td',
      {},
      element(
        'span',
        { class: 'misses-share' },
        element(
          'svg',
          { width: 80, height: 8, 'aria-hidden': 'true' },
          element('rect', { width: 80, height: 8, rx: 2 }),
          element('rect', { width: 80 * share, height: 8, rx: 2 }),
        ),
        element('span', {}, text(formatPercent(share))),
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
      class: 'misses-card',
    },
    element('h3', { id: titleId, class: 'font-semibold' }, text(card.title)),
    element('p', { class: 'text-sm text-zinc-600 dark:text-zinc-400' }, text(plural(card.reviews, 'review'))),
    critical
      ? element(
          'p',
          {
            'data-testid': 'critical-point',
            class: 'misses-callout',
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
      { class: 'misses-table' },
      element('caption', { class: 'sr-only' }, text(`How often each point of “${card.title}” was missed`)),
      element(
        'thead',
        {},
        element(
          'tr',
          {},
          element('th', { scope: 'col' }, text('Point')),
          element('th', { scope: 'col' }, text('Missed')),
          element('th', { scope: 'col' }, text('Asked')),
          element(
            'th',
            { scope: 'col' },
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
