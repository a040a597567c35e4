// A chart's data table, in a disclosure: long tables stay out of the way, yet one click from
// any reader. The chart itself is drawn with components/ui/chart.tsx.
import { DataTableRows } from './built-tables'

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
