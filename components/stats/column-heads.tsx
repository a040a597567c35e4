// The header row shared by the stats tables (the card table and each chart's data table).
export function ColumnHeads({ head }: { head: string[] }) {
  return (
    <thead>
      <tr>
        {head.map((cell) => (
          <th
            key={cell}
            scope="col"
            className="border-b border-zinc-300 px-3 py-1 font-semibold dark:border-zinc-700"
          >
            {cell}
          </th>
        ))}
      </tr>
    </thead>
  )
}
