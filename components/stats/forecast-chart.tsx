// Reviews due per study day for the next 30 days. Hand-built SVG on the server
// (components/ui/chart.tsx).
import type { Forecast } from '@/lib/stats/forecast'
import { AxisLabel, Bar, bands, ChartLabel, ChartSection, ChartSvg, Gridlines } from '../ui/chart'
import { DataTable } from './data-table'
import { formatShortDay, formatStudyDay, plural } from './format'

const widthPx = 640
const heightPx = 180
const leftPx = 32
const bottomPx = 24
const topPx = 18

export function ForecastChart({ forecast }: { forecast: Forecast }) {
  const max = Math.max(1, ...forecast.days.map((d) => d.count))
  const plotH = heightPx - topPx - bottomPx
  const band = bands(leftPx, widthPx, forecast.days.length, 0.7)
  const y = (value: number) => topPx + plotH - (value / max) * plotH
  const today = forecast.days[0]?.count ?? 0
  const summary =
    forecast.total === 0
      ? 'No reviews are scheduled in the next 30 days. Cards you have not studied yet are not counted here.'
      : `${plural(forecast.total, 'review')} due in the next 30 days; ${today} today${
          forecast.overdue > 0 ? ` (${forecast.overdue} overdue)` : ''
        }.`

  return (
    <ChartSection
      id="stats-forecast"
      title="Due in the next 30 days"
      summary={summary}
      minWidthClass="min-w-[600px]"
      chart={
        <ChartSvg
          widthPx={widthPx}
          heightPx={heightPx}
          labelledBy="stats-forecast-summary"
          title="Reviews due per day, next 30 days"
        >
          <Gridlines values={[0, max]} y={y} fromPx={leftPx} toPx={widthPx} />
          {forecast.total === 0 && (
            <ChartLabel x={(leftPx + widthPx) / 2} y={topPx + plotH / 2 + 4} anchor="middle">
              Nothing scheduled yet
            </ChartLabel>
          )}
          {forecast.days.map((d) => (
            <g key={d.day}>
              {d.count > 0 && (
                <Bar
                  x={band.barX(d.offset)}
                  y={y(d.count)}
                  width={band.barPx}
                  height={(d.count / max) * plotH}
                  className="fill-violet-600 dark:fill-violet-400"
                  title={`${formatStudyDay(d.date)}: ${plural(d.count, 'review')} due`}
                />
              )}
              {d.count > 0 && (
                <ChartLabel x={band.barMiddle(d.offset)} y={y(d.count) - 4} anchor="middle">
                  {d.count}
                </ChartLabel>
              )}
              {d.offset % 7 === 0 && (
                <AxisLabel x={band.barMiddle(d.offset)} heightPx={heightPx}>
                  {d.offset === 0 ? 'today' : formatShortDay(d.date)}
                </AxisLabel>
              )}
            </g>
          ))}
        </ChartSvg>
      }
    >
      {forecast.total > 0 && (
        <DataTable
          label="Days with reviews due, as a table"
          caption="Reviews due per study day"
          head={['Study day', 'Due']}
          rows={forecast.days
            .filter((d) => d.count > 0)
            .map((d) => [
              d.offset === 0 ? `Today, ${formatStudyDay(d.date)}` : formatStudyDay(d.date),
              d.count,
            ])}
        />
      )}
    </ChartSection>
  )
}
