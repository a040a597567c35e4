// Calendar heatmap of reviews per study day over the last year: hand-built SVG
// (53 week columns × 7 weekday rows), rendered on the server, zero client JS.
import type { Heatmap, HeatmapDay } from '@/lib/stats/heatmap'
import { mondayOf, weekdayOf } from '@/lib/stats/study-day'
import { ChartSection, DataTable } from './chart-frame'
import { formatMonth, formatStudyDay, plural } from './format'

const cellPx = 10
const pitchPx = 13
const leftPx = 30
const topPx = 16

// Light and dark fills per level; level 0 stays visible against the panel in both.
const levelFill: Record<HeatmapDay['level'], string> = {
  0: 'fill-zinc-200 dark:fill-zinc-800',
  1: 'fill-emerald-300 dark:fill-emerald-800',
  2: 'fill-emerald-500 dark:fill-emerald-600',
  3: 'fill-emerald-700 dark:fill-emerald-400',
  4: 'fill-emerald-900 dark:fill-emerald-200',
}
const labelClass = 'fill-zinc-600 text-[10px] dark:fill-zinc-400'

export function ReviewHeatmap({ heatmap }: { heatmap: Heatmap }) {
  const start = mondayOf(heatmap.firstDay)
  const columns = Math.floor((heatmap.today - start) / 7) + 1
  const width = leftPx + columns * pitchPx
  const height = topPx + 7 * pitchPx + 24
  const at = (day: number) => ({
    x: leftPx + Math.floor((day - start) / 7) * pitchPx,
    y: topPx + weekdayOf(day) * pitchPx,
  })
  const monthStarts = heatmap.days.filter((d) => d.date.endsWith('-01') && d.day - start >= 7)
  const active = heatmap.days.filter((d) => d.count > 0).reverse()

  const summary =
    heatmap.total === 0
      ? 'No reviews in the last year yet.'
      : `${plural(heatmap.total, 'review')} on ${plural(heatmap.activeDays, 'day')} in the last year; today ${plural(
          heatmap.days.at(-1)?.count ?? 0,
          'review',
        )}${heatmap.busiest ? `; busiest day ${formatStudyDay(heatmap.busiest.date)} with ${plural(heatmap.busiest.count, 'review')}` : ''}.`

  return (
    <ChartSection
      id="stats-heatmap"
      title="Reviews per day"
      summary={summary}
      minWidthClass="min-w-[680px]"
      newestAt="end"
      chart={
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="h-auto w-full max-w-4xl"
          role="img"
          aria-labelledby="stats-heatmap-summary"
        >
          <title>Reviews per day, last year</title>
          {monthStarts.map((d) => (
            <text key={d.date} x={at(d.day).x} y={topPx - 5} className={labelClass}>
              {formatMonth(d.date)}
            </text>
          ))}
          {['Mon', 'Wed', 'Fri'].map((name, i) => (
            <text key={name} x={0} y={topPx + i * 2 * pitchPx + cellPx - 1} className={labelClass}>
              {name}
            </text>
          ))}
          {heatmap.days.map((d) => (
            <rect
              key={d.date}
              {...at(d.day)}
              width={cellPx}
              height={cellPx}
              rx={2}
              className={levelFill[d.level]}
              data-date={d.date}
              data-count={d.count}
            >
              <title>{`${formatStudyDay(d.date)}: ${plural(d.count, 'review')}`}</title>
            </rect>
          ))}
          <g transform={`translate(${width - 5 * pitchPx - 64}, ${topPx + 7 * pitchPx + 8})`}>
            <text x={0} y={cellPx - 1} className={labelClass}>
              Less
            </text>
            {([0, 1, 2, 3, 4] as const).map((level) => (
              <rect
                key={level}
                x={28 + level * pitchPx}
                y={0}
                width={cellPx}
                height={cellPx}
                rx={2}
                className={levelFill[level]}
              />
            ))}
            <text x={28 + 5 * pitchPx + 2} y={cellPx - 1} className={labelClass}>
              More
            </text>
          </g>
        </svg>
      }
    >
      {active.length > 0 && (
        <DataTable
          label="Days with reviews, as a table"
          caption="Reviews per study day, newest first"
          head={['Study day', 'Reviews']}
          rows={active.map((d) => [formatStudyDay(d.date), d.count])}
        />
      )}
    </ChartSection>
  )
}
