// One chart: a heading, a one-line summary (the chart's text equivalent, which the
// SVG is labelled by), the SVG itself, and an optional data table.
// Why hand-built SVG and not a chart library: four small charts, rendered on the
// server with zero client JS, coloured by Tailwind classes so dark mode follows
// the system, and no new dependency in a shared node_modules.
import type { ReactNode } from 'react'
import { DataTableRows } from './built-tables'

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
      <figure
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region has to be focusable
        tabIndex={0}
        aria-labelledby={`${id}-title`}
        dir={newestAt === 'end' ? 'rtl' : undefined}
        className="overflow-x-auto rounded-lg border border-zinc-200 bg-white p-3 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <div dir="ltr" className={minWidthClass}>
          {chart}
        </div>
      </figure>
      {children}
    </section>
  )
}

/** A data table in a disclosure: long tables stay out of the way, yet one click from any reader. */
export function DataTable({
  label,
  caption,
  head,
  rows,
  open = false,
}: {
  label: string
  caption: string
  head: string[]
  rows: (string | number)[][]
  open?: boolean
}) {
  return (
    <details open={open} className="text-sm">
      <summary className="cursor-pointer font-medium text-zinc-800 underline dark:text-zinc-200">
        {label}
      </summary>
      <DataTableRows caption={caption} head={head} rows={rows} />
    </details>
  )
}
