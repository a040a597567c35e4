// The heatmap's SVG as markup, from the reviews per study day: 53 week columns × 7
// weekday rows, month and weekday labels and a legend. A day with reviews is a cell of its own
// (data-date, data-count, a <title> tooltip); the days without any are one path, so a short
// history's drawing is a few elements, not 371 (a slow phone styles and lays out each one). Pure.

import { Lru } from '@/lib/lru'
import { levelFor } from '@/lib/stats/heatmap'
import { dayKey, mondayOf, weekdayOf } from '@/lib/stats/study-day'
import { element, type Markup, text } from '../ui/markup'
import { formatMonth, formatStudyDay, plural } from './format'

const cellPx = 10
const pitchPx = 13
const leftPx = 30
const topPx = 16

// Light and dark fills per level; level 0 stays visible against the panel in both.
const levelFill = [
  'fill-zinc-200 dark:fill-zinc-800',
  'fill-emerald-300 dark:fill-emerald-800',
  'fill-emerald-500 dark:fill-emerald-600',
  'fill-emerald-700 dark:fill-emerald-400',
  'fill-emerald-900 dark:fill-emerald-200',
] as const
// A cell's outline from its top edge, 2 px in from its left: the same 10 px square with 2 px
// rounded corners as a cell's <rect rx="2">, for the path of the days without reviews.
const roundedSquare = 'h6q2 0 2 2v6q0 2-2 2h-6q-2 0-2-2v-6q0-2 2-2z'
const labelClass = 'fill-zinc-600 text-[10px] dark:fill-zinc-400'

// The same year of counts is drawn again on every view until the learner's next review (and
// every new learner's year is the same empty one): the last few drawings are kept.
const drawn = new Lru<string, string>(32)

/** The drawing for the study days `firstDay` … `firstDay + counts.length - 1`. */
export function heatmapSvg(firstDay: number, counts: readonly number[]): string {
  const key = `${firstDay}:${counts.join(',')}`
  let svg = drawn.get(key)
  if (svg === undefined) {
    svg = drawHeatmap(firstDay, counts)
    drawn.set(key, svg)
  }
  return svg
}

/** The drawing of `counts.length` study days from `firstDay`. */
function drawHeatmap(firstDay: number, counts: readonly number[]): string {
  const days = counts.length
  const today = firstDay + days - 1
  const start = mondayOf(firstDay)
  const columns = Math.floor((today - start) / 7) + 1
  const width = leftPx + columns * pitchPx
  const height = topPx + 7 * pitchPx + 24
  const at = (day: number) => ({
    x: leftPx + Math.floor((day - start) / 7) * pitchPx,
    y: topPx + weekdayOf(day) * pitchPx,
  })
  const parts: Markup[] = [element('title', {}, text('Reviews per day, last year'))]
  for (let day = firstDay; day <= today; day++) {
    const date = dayKey(day)
    if (date.endsWith('-01') && day - start >= 7)
      parts.push(element('text', { x: at(day).x, y: topPx - 5, class: labelClass }, text(formatMonth(date))))
  }
  ;['Mon', 'Wed', 'Fri'].forEach((name, i) => {
    parts.push(
      element('text', { x: 0, y: topPx + i * 2 * pitchPx + cellPx - 1, class: labelClass }, text(name)),
    )
  })
  parts.push(...cells(firstDay, counts, at))
  parts.push(legend(width))
  return element(
    'svg',
    {
      viewBox: `0 0 ${width} ${height}`,
      class: 'h-auto w-full max-w-4xl',
      role: 'img',
      'aria-labelledby': 'stats-heatmap-summary',
    },
    ...parts,
  ).html
}

/**
 * The days without reviews as one path of squares (one tooltip for all of them), then a cell per
 * day with reviews: its date and count as data, its level as a fill, a tooltip.
 */
function cells(
  firstDay: number,
  counts: readonly number[],
  at: (day: number) => { x: number; y: number },
): Markup[] {
  const max = Math.max(0, ...counts)
  let emptyPath = ''
  const active: Markup[] = []
  counts.forEach((count, i) => {
    const day = firstDay + i
    const { x, y } = at(day)
    if (count === 0) {
      emptyPath += `M${x + 2} ${y}${roundedSquare}`
      return
    }
    const date = dayKey(day)
    const tip = element('title', {}, text(`${formatStudyDay(date)}: ${plural(count, 'review')}`))
    active.push(
      element(
        'rect',
        {
          x,
          y,
          width: cellPx,
          height: cellPx,
          rx: 2,
          class: levelFill[levelFor(count, max)],
          'data-date': date,
          'data-count': count,
        },
        tip,
      ),
    )
  })
  const empty = emptyPath
    ? [element('path', { d: emptyPath, class: levelFill[0] }, element('title', {}, text('No reviews')))]
    : []
  return [...empty, ...active]
}

function legend(width: number): Markup {
  const cells = levelFill.map((fill, level) =>
    element('rect', { x: 28 + level * pitchPx, y: 0, width: cellPx, height: cellPx, rx: 2, class: fill }),
  )
  return element(
    'g',
    { transform: `translate(${width - 5 * pitchPx - 64}, ${topPx + 7 * pitchPx + 8})` },
    element('text', { x: 0, y: cellPx - 1, class: labelClass }, text('Less')),
    ...cells,
    element('text', { x: 28 + 5 * pitchPx + 2, y: cellPx - 1, class: labelClass }, text('More')),
  )
}
