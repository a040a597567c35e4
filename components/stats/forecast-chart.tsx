// Reviews due per study day for the next 30 days. Hand-built SVG on the server.
import type { Forecast } from '@/lib/stats/forecast'
import { ChartSection, DataTable } from './chart-frame'
import { formatShortDay, formatStudyDay, plural } from './format'

const widthPx = 640
const heightPx = 180
const leftPx = 32
const bottomPx = 24
const topPx = 18
const labelClass = 'fill-zinc-600 text-[12px] dark:fill-zinc-400'

export function ForecastChart({ forecast }: { forecast: Forecast }) {
  const max = Math.max(1, ...forecast.days.map((d) => d.count))
  const plotH = heightPx - topPx - bottomPx
  const slot = (widthPx - leftPx) / forecast.days.length
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
        <svg
          viewBox={`0 0 ${widthPx} ${heightPx}`}
          className="h-auto w-full max-w-3xl"
          role="img"
          aria-labelledby="stats-forecast-summary"
        >
          <title>Reviews due per day, next 30 days</title>
          {[0, max].map((value) => (
            <g key={value}>
              <line
                x1={leftPx}
                x2={widthPx}
                y1={topPx + plotH - (value / max) * plotH}
                y2={topPx + plotH - (value / max) * plotH}
                className="stroke-zinc-200 dark:stroke-zinc-800"
              />
              <text
                x={leftPx - 6}
                y={topPx + plotH - (value / max) * plotH + 4}
                textAnchor="end"
                className={labelClass}
              >
                {value}
              </text>
            </g>
          ))}
          {forecast.total === 0 && (
            <text
              x={(leftPx + widthPx) / 2}
              y={topPx + plotH / 2 + 4}
              textAnchor="middle"
              className={labelClass}
            >
              Nothing scheduled yet
            </text>
          )}
          {forecast.days.map((d) => {
            const h = (d.count / max) * plotH
            const x = leftPx + d.offset * slot + slot * 0.15
            return (
              <g key={d.day}>
                {d.count > 0 && (
                  <rect
                    x={x}
                    y={topPx + plotH - h}
                    width={slot * 0.7}
                    height={h}
                    className="fill-violet-600 dark:fill-violet-400"
                  >
                    <title>{`${formatStudyDay(d.date)}: ${plural(d.count, 'review')} due`}</title>
                  </rect>
                )}
                {d.count > 0 && (
                  <text
                    x={x + slot * 0.35}
                    y={topPx + plotH - h - 4}
                    textAnchor="middle"
                    className={labelClass}
                  >
                    {d.count}
                  </text>
                )}
                {d.offset % 7 === 0 && (
                  <text x={x + slot * 0.35} y={heightPx - 6} textAnchor="middle" className={labelClass}>
                    {d.offset === 0 ? 'today' : formatShortDay(d.date)}
                  </text>
                )}
              </g>
            )
          })}
        </svg>
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
