// Planned reviews per study day from today to the interview, from the scheduler
// (lib/plan/projection.ts), with the interview day marked. Server-rendered SVG with
// a text summary and a data table, like the charts on /stats.
import type { PlanDay } from '@/lib/plan/build-plan'
import { ChartSection, DataTable } from '../stats/chart-frame'
import { formatShortDay, formatStudyDay, plural } from '../stats/format'

const widthPx = 640
const heightPx = 190
const leftPx = 32
const bottomPx = 24
const topPx = 22
const labelClass = 'fill-zinc-600 text-[12px] dark:fill-zinc-400'

export function PlannedReviewsChart({ days }: { days: readonly PlanDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.reviews + d.newCards))
  const plotH = heightPx - topPx - bottomPx
  const slot = (widthPx - leftPx) / Math.max(1, days.length)
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
        <svg
          viewBox={`0 0 ${widthPx} ${heightPx}`}
          className="h-auto w-full max-w-3xl"
          role="img"
          aria-labelledby="plan-reviews-summary"
        >
          <title>Planned reviews per study day, today to the interview day</title>
          {[0, max].map((value) => (
            <g key={value}>
              <line
                x1={leftPx}
                x2={widthPx}
                y1={y(value)}
                y2={y(value)}
                className="stroke-zinc-200 dark:stroke-zinc-800"
              />
              <text x={leftPx - 6} y={y(value) + 4} textAnchor="end" className={labelClass}>
                {value}
              </text>
            </g>
          ))}
          {days.map((d, offset) => {
            const x = leftPx + offset * slot + slot * 0.15
            const isInterview = offset === days.length - 1
            const reviewH = (d.reviews / max) * plotH
            const newH = (d.newCards / max) * plotH
            return (
              <g key={d.day}>
                {d.reviews > 0 && (
                  <rect
                    x={x}
                    y={y(d.reviews)}
                    width={slot * 0.7}
                    height={reviewH}
                    className="fill-violet-600 dark:fill-violet-400"
                  >
                    <title>{`${formatStudyDay(d.date)}: ${plural(d.reviews, 'review')}`}</title>
                  </rect>
                )}
                {d.newCards > 0 && (
                  <rect
                    x={x}
                    y={y(d.reviews + d.newCards)}
                    width={slot * 0.7}
                    height={newH}
                    className="fill-amber-500 dark:fill-amber-300"
                  >
                    <title>{`${formatStudyDay(d.date)}: ${plural(d.newCards, 'new card')}`}</title>
                  </rect>
                )}
                {isInterview && (
                  <>
                    <line
                      x1={x + slot * 0.35}
                      x2={x + slot * 0.35}
                      y1={topPx - 4}
                      y2={topPx + plotH}
                      className="stroke-red-700 dark:stroke-red-300"
                      strokeWidth={2}
                      strokeDasharray="4 3"
                    />
                    <text
                      x={x + slot * 0.35}
                      y={topPx - 8}
                      textAnchor="end"
                      className="fill-red-800 text-[12px] dark:fill-red-300"
                    >
                      interview
                    </text>
                  </>
                )}
                {(offset % labelEvery === 0 || isInterview) && (
                  <text x={x + slot * 0.35} y={heightPx - 6} textAnchor="middle" className={labelClass}>
                    {offset === 0 ? 'today' : formatShortDay(d.date)}
                  </text>
                )}
              </g>
            )
          })}
        </svg>
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
