// True retention per week beside the desired retention: bars for the weeks, a
// dashed line for the target. Hand-built SVG on the server.
import type { RetentionSummary } from '@/lib/stats/retention'
import { ChartSection, DataTable } from './chart-frame'
import { formatPercent, formatShortDay, formatStudyDay } from './format'

const widthPx = 640
const heightPx = 200
const leftPx = 40
// The target's label sits in this margin, right of the plot, so it never covers a bar.
const rightPx = 92
const bottomPx = 24
const topPx = 18
const labelClass = 'fill-zinc-600 text-[12px] dark:fill-zinc-400'

export function RetentionChart({
  retention,
  desiredRetention,
}: {
  retention: RetentionSummary
  desiredRetention: number
}) {
  const plotH = heightPx - topPx - bottomPx
  const plotRightPx = widthPx - rightPx
  const slot = (plotRightPx - leftPx) / retention.weeks.length
  const lastIndex = retention.weeks.length - 1
  const y = (share: number) => topPx + (1 - share) * plotH
  const summary =
    retention.retention === null
      ? `No reviews of cards in the review state in the last ${retention.weeks.length} weeks yet; your desired retention is ${formatPercent(desiredRetention)}.`
      : `Over the last ${retention.weeks.length} weeks, ${retention.passed} of ${retention.reviewed} reviews of cards in the review state passed: true retention ${formatPercent(retention.retention, 1)} against a desired ${formatPercent(desiredRetention)}.`

  return (
    <ChartSection
      id="stats-retention"
      title="True retention per week"
      summary={summary}
      minWidthClass="min-w-[600px]"
      newestAt="end"
      chart={
        <svg
          viewBox={`0 0 ${widthPx} ${heightPx}`}
          className="h-auto w-full max-w-3xl"
          role="img"
          aria-labelledby="stats-retention-summary"
        >
          <title>True retention per week</title>
          {[0, 0.5, 1].map((share) => (
            <g key={share}>
              <line
                x1={leftPx}
                x2={plotRightPx}
                y1={y(share)}
                y2={y(share)}
                className="stroke-zinc-200 dark:stroke-zinc-800"
              />
              <text x={leftPx - 6} y={y(share) + 4} textAnchor="end" className={labelClass}>
                {formatPercent(share)}
              </text>
            </g>
          ))}
          {retention.weeks.map((week, i) => {
            const x = leftPx + i * slot + slot * 0.2
            return (
              <g key={week.weekStart}>
                {week.retention !== null && (
                  <rect
                    x={x}
                    y={y(week.retention)}
                    width={slot * 0.6}
                    height={Math.max(1, plotH * week.retention)}
                    className="fill-sky-600 dark:fill-sky-400"
                  >
                    <title>{`Week of ${formatStudyDay(week.weekStartDate)}: ${formatPercent(week.retention, 1)} of ${week.reviewed}`}</title>
                  </rect>
                )}
                {/* The value over each bar: a 0% week would otherwise be a hairline. */}
                {week.retention !== null && (
                  <text
                    x={x + slot * 0.3}
                    y={y(week.retention) - 4}
                    textAnchor="middle"
                    className={labelClass}
                  >
                    {formatPercent(week.retention)}
                  </text>
                )}
                {/* Every other week, counted back from the newest, so the current week is labelled. */}
                {(lastIndex - i) % 2 === 0 && (
                  <text x={x + slot * 0.3} y={heightPx - 6} textAnchor="middle" className={labelClass}>
                    {formatShortDay(week.weekStartDate)}
                  </text>
                )}
              </g>
            )
          })}
          <line
            x1={leftPx}
            x2={plotRightPx}
            y1={y(desiredRetention)}
            y2={y(desiredRetention)}
            strokeDasharray="6 4"
            strokeWidth={2}
            className="stroke-amber-600 dark:stroke-amber-400"
          />
          {retention.retention === null && (
            <text x={(leftPx + plotRightPx) / 2} y={y(0.5) + 4} textAnchor="middle" className={labelClass}>
              No reviews of cards in the review state yet
            </text>
          )}
          <text x={plotRightPx + 6} y={y(desiredRetention) + 4} className={labelClass}>
            {`desired ${formatPercent(desiredRetention)}`}
          </text>
        </svg>
      }
    >
      {retention.retention !== null && (
        <DataTable
          label="Weeks, as a table"
          caption="True retention per week"
          head={['Week of', 'Reviews (review state)', 'Passed', 'True retention']}
          rows={[...retention.weeks]
            .reverse()
            .map((w) => [
              formatStudyDay(w.weekStartDate),
              w.reviewed,
              w.passed,
              formatPercent(w.retention, 1),
            ])}
        />
      )}
    </ChartSection>
  )
}
