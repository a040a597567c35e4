// Planned reviews per study day from today to the interview, from the scheduler
// (lib/plan/projection.ts), with the interview day marked. Server-rendered SVG
// (components/ui/chart.tsx) with a text summary and a data table, like the charts on /stats.
import type { PlanDay } from '@/lib/plan/build-plan'
import { DataTable } from '../stats/data-table'
import { formatShortDay, formatStudyDay, plural } from '../stats/format'
import { AxisLabel, Bar, bands, ChartLabel, ChartSection, ChartSvg, Gridlines, MarkerLine } from '../ui/chart'

const widthPx = 640
const heightPx = 190
const leftPx = 32
const bottomPx = 24
const topPx = 22

export function PlannedReviewsChart({ days }: { days: readonly PlanDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.reviews + d.newCards))
  const plotH = heightPx - topPx - bottomPx
  const band = bands(leftPx, widthPx, Math.max(1, days.length), 0.7)
  const total = days.reduce((sum, d) => sum + d.reviews, 0)
  const started = days.reduce((sum, d) => sum + d.newCards, 0)
  const labelEvery = Math.max(1, Math.ceil(days.length / 10))
  const y = (value: number) => topPx + plotH - (value / max) * plotH
  const summary =
    total + started === 0
      ? 'Nothing is planned before your interview.'
      : `${plural(total, 'review')} and ${plural(started, 'new card')} planned before your interview, the most on one day ${max}.`

  return (
    <ChartSection
      id="plan-reviews"
      title="Reviews per day until your interview"
      summary={summary}
      minWidthClass="min-w-[600px]"
      chart={
        <ChartSvg
          widthPx={widthPx}
          heightPx={heightPx}
          labelledBy="plan-reviews-summary"
          title="Planned reviews per study day, today to the interview day"
        >
          <Gridlines values={[0, max]} y={y} fromPx={leftPx} toPx={widthPx} />
          {days.map((d, offset) => {
            const isInterview = offset === days.length - 1
            return (
              <g key={d.day}>
                {d.reviews > 0 && (
                  <Bar
                    x={band.barX(offset)}
                    y={y(d.reviews)}
                    width={band.barPx}
                    height={(d.reviews / max) * plotH}
                    className="fill-violet-600 dark:fill-violet-400"
                    title={`${formatStudyDay(d.date)}: ${plural(d.reviews, 'review')}`}
                  />
                )}
                {d.newCards > 0 && (
                  <Bar
                    x={band.barX(offset)}
                    y={y(d.reviews + d.newCards)}
                    width={band.barPx}
                    height={(d.newCards / max) * plotH}
                    className="fill-amber-500 dark:fill-amber-300"
                    title={`${formatStudyDay(d.date)}: ${plural(d.newCards, 'new card')}`}
                  />
                )}
                {isInterview && (
                  <>
                    <MarkerLine
                      x1={band.barMiddle(offset)}
                      x2={band.barMiddle(offset)}
                      y1={topPx - 4}
                      y2={topPx + plotH}
                      dash="4 3"
                      className="stroke-red-700 dark:stroke-red-300"
                    />
                    <ChartLabel
                      x={band.barMiddle(offset)}
                      y={topPx - 8}
                      anchor="end"
                      className="fill-red-800 text-[12px] dark:fill-red-300"
                    >
                      interview
                    </ChartLabel>
                  </>
                )}
                {(offset % labelEvery === 0 || isInterview) && (
                  <AxisLabel x={band.barMiddle(offset)} heightPx={heightPx}>
                    {offset === 0 ? 'today' : formatShortDay(d.date)}
                  </AxisLabel>
                )}
              </g>
            )
          })}
        </ChartSvg>
      }
    >
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        <span
          className="mr-1 inline-block size-3 bg-violet-600 align-middle dark:bg-violet-400"
          aria-hidden="true"
        />
        reviews{' '}
        <span
          className="ml-3 mr-1 inline-block size-3 bg-amber-500 align-middle dark:bg-amber-300"
          aria-hidden="true"
        />
        new cards started. Planned means each review on the day it is due, passed.
      </p>
      {total + started > 0 && (
        <DataTable
          label="Planned reviews per day, as a table"
          caption="Planned reviews and new cards per study day until the interview"
          head={['Study day', 'Reviews', 'New cards']}
          rows={days.map((d, offset) => [
            offset === days.length - 1 ? `${formatStudyDay(d.date)} (interview)` : formatStudyDay(d.date),
            d.reviews,
            d.newCards,
          ])}
        />
      )}
    </ChartSection>
  )
}
