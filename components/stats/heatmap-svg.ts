// The heatmap's SVG as markup, from the reviews per study day: 53 week columns × 7
// weekday rows, a cell per day with its date and count (data-date, data-count, a <title>
// tooltip), month and weekday labels and a legend. Pure. `heatmapFrameSvg` is the same drawing
// without its cells (the size, labels and legend): what the server sends, the browser then
// drawing the cells from the counts (heatmap-drawing.tsx).

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
const labelClass = 'fill-zinc-600 text-[10px] dark:fill-zinc-400'

// The same year of counts is drawn again on every view until the learner's next review (and
// every new learner's year is the same empty one): the last few drawings are kept.
const drawn = new Lru<string, string>(32)

/** The drawing for the study days `firstDay` … `firstDay + counts.length - 1`. */
export function heatmapSvg(firstDay: number, counts: readonly number[]): string {
  const key = `${firstDay}:${counts.join(',')}`
  let svg = drawn.get(key)
  if (svg === undefined) {
    svg = drawHeatmap(firstDay, counts.length, counts)
    drawn.set(key, svg)
  }
  return svg
}

/** The same drawing's frame for `days` study days from `firstDay`: its size, labels and legend, no cells. */
export function heatmapFrameSvg(firstDay: number, days: number): string {
  const key = `frame:${firstDay}:${days}`
  let svg = drawn.get(key)
  if (svg === undefined) {
    svg = drawHeatmap(firstDay, days, null)
    drawn.set(key, svg)
  }
  return svg
}

/** The drawing of `days` study days from `firstDay`, with a cell per day when `counts` are given. */
function drawHeatmap(firstDay: number, days: number, counts: readonly number[] | null): string {
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
  if (counts) parts.push(...cells(firstDay, counts, at))
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

/** One cell per day: its date and count as data, its level as a fill, a tooltip. */
function cells(
  firstDay: number,
  counts: readonly number[],
  at: (day: number) => { x: number; y: number },
): Markup[] {
  const max = Math.max(0, ...counts)
  return counts.map((count, i) => {
    const day = firstDay + i
    const date = dayKey(day)
    const { x, y } = at(day)
    const tip = element('title', {}, text(`${formatStudyDay(date)}: ${plural(count, 'review')}`))
    return element(
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
    )
  })
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
