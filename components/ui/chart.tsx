// The charts' kit: the panel a chart sits in (heading, summary, a figure that scrolls
// sideways on a phone) and the SVG parts every chart draws with — the frame, horizontal
// gridlines with their values, labels, bars and a band layout for one bar per slot. A
// chart module keeps only its data → geometry mapping and the marks that are its own.
// Why hand-built SVG and not a chart library: a few small charts, rendered on the server with
// zero client JS, coloured by Tailwind classes so dark mode follows the system, and no new
// dependency. No 'use client' and no hooks: server components draw with it.
import type { ReactNode } from 'react'
import { ScrollRegion } from './scroll-region'

/** Axis values, bar values and notes on the plot. */
export const chartLabelClass = 'fill-zinc-600 text-[12px] dark:fill-zinc-400'
const gridlineClass = 'stroke-zinc-200 dark:stroke-zinc-800'

export function ChartSection({
  id,
  title,
  summary,
  chart,
  newestAt = 'start',
  minWidthClass,
  children,
}: {
  id: string
  title: string
  summary: ReactNode
  chart: ReactNode
  /** Which end a narrow screen shows first when the chart scrolls sideways. */
  newestAt?: 'start' | 'end'
  /** The narrowest the chart may get before it scrolls, e.g. 'min-w-[600px]': below it labels get too small to read. */
  minWidthClass: string
  children?: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-title`} data-testid={id} className="space-y-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <p id={`${id}-summary`} className="text-zinc-700 dark:text-zinc-300">
        {summary}
      </p>
      {/* On a phone the chart keeps a readable size and scrolls sideways inside its panel
          (the page itself never does). dir="rtl" makes the scroll start at the right end,
          where the newest data is, without any client JS. */}
      <ScrollRegion
        aria-labelledby={`${id}-title`}
        dir={newestAt === 'end' ? 'rtl' : undefined}
        className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <div dir="ltr" className={minWidthClass}>
          {chart}
        </div>
      </ScrollRegion>
      {children}
    </section>
  )
}

/** The drawing: a `widthPx` × `heightPx` SVG, an image labelled by the chart's summary, with a tooltip title. */
export function ChartSvg({
  widthPx,
  heightPx,
  labelledBy,
  title,
  children,
}: {
  widthPx: number
  heightPx: number
  /** The id of the text that says what the chart shows (its summary). */
  labelledBy: string
  title: string
  children: ReactNode
}) {
  return (
    <svg
      viewBox={`0 0 ${widthPx} ${heightPx}`}
      className="h-auto w-full max-w-3xl"
      role="img"
      aria-labelledby={labelledBy}
    >
      <title>{title}</title>
      {children}
    </svg>
  )
}

/** Horizontal gridlines from `fromPx` to `toPx` at `values`, each labelled left of the plot. */
export function Gridlines({
  values,
  y,
  fromPx,
  toPx,
  format = String,
}: {
  values: readonly number[]
  /** A value's height on the plot, in px from the top. */
  y: (value: number) => number
  fromPx: number
  toPx: number
  format?: (value: number) => string
}) {
  return values.map((value) => (
    <g key={value}>
      <line x1={fromPx} x2={toPx} y1={y(value)} y2={y(value)} className={gridlineClass} />
      <ChartLabel x={fromPx - 6} y={y(value) + 4} anchor="end">
        {format(value)}
      </ChartLabel>
    </g>
  ))
}

/** A text on the chart in the label style (axis ticks, a bar's value, a note on an empty plot). */
export function ChartLabel({
  x,
  y,
  anchor,
  className = chartLabelClass,
  children,
}: {
  x: number
  y: number
  /** Unset: the text starts at `x`. */
  anchor?: 'middle' | 'end'
  className?: string
  children: ReactNode
}) {
  return (
    <text x={x} y={y} textAnchor={anchor} className={className}>
      {children}
    </text>
  )
}

/** A label under the plot, centred on `x`, on the chart's bottom line. */
export function AxisLabel({ x, heightPx, children }: { x: number; heightPx: number; children: ReactNode }) {
  return (
    <ChartLabel x={x} y={heightPx - 6} anchor="middle">
      {children}
    </ChartLabel>
  )
}

/** A bar with its tooltip. */
export function Bar({
  x,
  y,
  width,
  height,
  className,
  title,
}: {
  x: number
  y: number
  width: number
  height: number
  className: string
  title: string
}) {
  return (
    <rect x={x} y={y} width={width} height={height} className={className}>
      <title>{title}</title>
    </rect>
  )
}

/** A dashed line marking one value or one day (a target, a current setting, the interview). */
export function MarkerLine({
  x1,
  x2,
  y1,
  y2,
  dash,
  className,
}: {
  x1: number
  x2: number
  y1: number
  y2: number
  dash: string
  className: string
}) {
  return <line x1={x1} x2={x2} y1={y1} y2={y2} strokeDasharray={dash} strokeWidth={2} className={className} />
}

export interface Bands {
  /** Each slot's width. */
  slotPx: number
  /** A bar's width: `share` of its slot. */
  barPx: number
  /** Where slot `i`'s bar starts. */
  barX: (i: number) => number
  /** The middle of slot `i`'s bar (its value label, its axis label). */
  barMiddle: (i: number) => number
}

/** `count` equal slots from `fromPx` to `toPx`, each with a bar of `share` of it in its middle. */
export function bands(fromPx: number, toPx: number, count: number, share: number): Bands {
  const slotPx = (toPx - fromPx) / count
  const inset = (1 - share) / 2
  const barX = (i: number) => fromPx + i * slotPx + slotPx * inset
  return { slotPx, barPx: slotPx * share, barX, barMiddle: (i) => barX(i) + slotPx * (share / 2) }
}
