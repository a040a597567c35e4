// The points a strong answer must make, with the critical one marked in words
// (not colour alone).
import type { ReviewPoint } from '@/lib/decks/types'

export function PointList({ points }: { points: readonly ReviewPoint[] }) {
  return (
    <ol className="space-y-2" data-testid="points">
      {points.map((point) => (
        <li
          key={point.id}
          data-point-id={point.id}
          className={`rounded-lg border p-3 ${
            point.critical
              ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/40'
              : 'border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900'
          }`}
        >
          {point.critical && (
            <strong className="mb-1 block text-xs font-semibold uppercase tracking-wide text-red-800 dark:text-red-300">
              Critical point
            </strong>
          )}
          <span>{point.text}</span>
        </li>
      ))}
    </ol>
  )
}
