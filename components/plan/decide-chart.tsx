// Help me decide, drawn: minutes per day and expected recall on the interview day
// against desired retention, one panel each over the same axis, the current
// setting marked. Server-rendered SVG (components/ui/chart.tsx); the table under it has every number.
import type { RetentionOutcome } from '@/lib/plan/decide'
import { AxisLabel, ChartLabel, ChartSvg, Gridlines, MarkerLine } from '../ui/chart'

const widthPx = 640
const panelPx = 120
const gapPx = 34
const leftPx = 46
const rightPx = 12
const topPx = 16
const bottomPx = 24
const heightPx = topPx + panelPx * 2 + gapPx + bottomPx

interface Panel {
  title: string
  values: number[]
  format: (value: number) => string
  lineClass: string
  top: number
}

export function DecideChart({
  outcomes,
  current,
}: {
  outcomes: readonly RetentionOutcome[]
  current: number
}) {
  const first = outcomes[0]?.retention ?? 0.7
  const last = outcomes.at(-1)?.retention ?? 0.97
  const x = (retention: number) =>
    leftPx + ((retention - first) / Math.max(0.01, last - first)) * (widthPx - leftPx - rightPx)
  const panels: Panel[] = [
    {
      title: 'Minutes per day',
      values: outcomes.map((o) => o.minutesPerDay),
      format: (v) => v.toFixed(1),
      lineClass: 'stroke-violet-600 dark:stroke-violet-400',
      top: topPx,
    },
    {
      title: 'Recall on the day',
      values: outcomes.map((o) => o.expectedRecall * 100),
      format: (v) => `${v.toFixed(0)}%`,
      lineClass: 'stroke-emerald-700 dark:stroke-emerald-400',
      top: topPx + panelPx + gapPx,
    },
  ]
  const showsCurrent = current >= first - 1e-9 && current <= last + 1e-9
  return (
    <ChartSvg
      widthPx={widthPx}
      heightPx={heightPx}
      labelledBy="decide-summary"
      title="Minutes per day and recall on the interview day for each desired retention"
    >
      {panels.map((panel) => {
        const low = Math.min(...panel.values)
        const high = Math.max(...panel.values)
        const span = high - low || 1
        const y = (value: number) => panel.top + panelPx - ((value - low) / span) * (panelPx - 8) - 4
        const points = panel.values
          .map((v, i) => `${x(outcomes[i]!.retention).toFixed(1)},${y(v).toFixed(1)}`)
          .join(' ')
        return (
          <g key={panel.title}>
            <ChartLabel
              x={leftPx}
              y={panel.top - 4}
              className="fill-zinc-800 text-[12px] font-semibold dark:fill-zinc-200"
            >
              {panel.title}
            </ChartLabel>
            <Gridlines
              values={[low, high]}
              y={y}
              fromPx={leftPx}
              toPx={widthPx - rightPx}
              format={panel.format}
            />
            <polyline points={points} fill="none" strokeWidth={2} className={panel.lineClass} />
          </g>
        )
      })}
      {showsCurrent && (
        <g>
          <MarkerLine
            x1={x(current)}
            x2={x(current)}
            y1={topPx}
            y2={topPx + panelPx * 2 + gapPx}
            dash="4 3"
            className="stroke-red-700 dark:stroke-red-300"
          />
          <ChartLabel
            x={x(current) + 4}
            y={topPx + panelPx + gapPx / 2 + 4}
            className="fill-red-800 text-[12px] dark:fill-red-300"
          >
            {`current ${current.toFixed(2)}`}
          </ChartLabel>
        </g>
      )}
      {outcomes
        .filter((_, i) => i % 3 === 0 || i === outcomes.length - 1)
        .map((o) => (
          <AxisLabel key={o.retention} x={x(o.retention)} heightPx={heightPx}>
            {o.retention.toFixed(2)}
          </AxisLabel>
        ))}
    </ChartSvg>
  )
}
