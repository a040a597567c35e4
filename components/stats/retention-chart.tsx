// True retention per week beside the desired retention: bars for the weeks, a
// dashed line for the target. Hand-built SVG on the server (components/ui/chart.tsx).
import type { RetentionSummary } from '@/lib/stats/retention'
import { AxisLabel, Bar, bands, ChartLabel, ChartSection, ChartSvg, Gridlines, MarkerLine } from '../ui/chart'
import { DataTable } from './data-table'
import { formatPercent, formatShortDay, formatStudyDay } from './format'

const widthPx = 640
const heightPx = 200
const leftPx = 40
// The target's label sits in this margin, right of the plot, so it never covers a bar.
const rightPx = 92
const bottomPx = 24
const topPx = 18

export function RetentionChart({
  retention,
  desiredRetention,
}: {
  retention: RetentionSummary
  desiredRetention: number
}) {
  const plotH = heightPx - topPx - bottomPx
  const plotRightPx = widthPx - rightPx
  const band = bands(leftPx, plotRightPx, retention.weeks.length, 0.6)
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
        <ChartSvg
          widthPx={widthPx}
          heightPx={heightPx}
          labelledBy="stats-retention-summary"
          title="True retention per week"
        >
          <Gridlines
            values={[0, 0.5, 1]}
            y={y}
            fromPx={leftPx}
            toPx={plotRightPx}
            format={(share) => formatPercent(share)}
          />
          {retention.weeks.map((week, i) => (
            <g key={week.weekStart}>
              {week.retention !== null && (
                <Bar
                  x={band.barX(i)}
                  y={y(week.retention)}
                  width={band.barPx}
                  height={Math.max(1, plotH * week.retention)}
                  className="fill-sky-600 dark:fill-sky-400"
                  title={`Week of ${formatStudyDay(week.weekStartDate)}: ${formatPercent(week.retention, 1)} of ${week.reviewed}`}
                />
              )}
              {/* The value over each bar: a 0% week would otherwise be a hairline. */}
              {week.retention !== null && (
                <ChartLabel x={band.barMiddle(i)} y={y(week.retention) - 4} anchor="middle">
                  {formatPercent(week.retention)}
                </ChartLabel>
              )}
              {/* Every other week, counted back from the newest, so the current week is labelled. */}
              {(lastIndex - i) % 2 === 0 && (
                <AxisLabel x={band.barMiddle(i)} heightPx={heightPx}>
                  {formatShortDay(week.weekStartDate)}
                </AxisLabel>
              )}
            </g>
          ))}
          <MarkerLine
            x1={leftPx}
            x2={plotRightPx}
            y1={y(desiredRetention)}
            y2={y(desiredRetention)}
            dash="6 4"
            className="stroke-amber-600 dark:stroke-amber-400"
          />
          {retention.retention === null && (
            <ChartLabel x={(leftPx + plotRightPx) / 2} y={y(0.5) + 4} anchor="middle">
              No reviews of cards in the review state yet
            </ChartLabel>
          )}
          <ChartLabel x={plotRightPx + 6} y={y(desiredRetention) + 4}>
            {`desired ${formatPercent(desiredRetention)}`}
          </ChartLabel>
        </ChartSvg>
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
