// Calendar heatmap of reviews per study day over the last year (53 week columns × 7
// weekday rows) with its summary and a table of the active days. The drawing is built
// from the day counts (heatmap-drawing.tsx), so its data is sent once.
import type { Heatmap } from '@/lib/stats/heatmap'
import { ChartSection } from '../ui/chart'
import { DataTable } from './data-table'
import { formatStudyDay, plural } from './format'
import { HeatmapDrawing } from './heatmap-drawing'

export function ReviewHeatmap({ heatmap }: { heatmap: Heatmap }) {
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
      chart={<HeatmapDrawing firstDay={heatmap.firstDay} counts={heatmap.days.map((d) => d.count)} />}
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
