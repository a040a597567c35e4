'use client'
// Again / Hard / Good / Easy, each with the interval it would give. The suggested
// one is highlighted and, for screen readers, described as suggested.
import type { RatingChoice } from '@/lib/review/day-card'
import type { GradeRating } from '@/lib/srs/rubric'

export type { RatingChoice }

const tone: Record<RatingChoice['name'], string> = {
  Again: 'border-l-red-700 dark:border-l-red-400',
  Hard: 'border-l-amber-700 dark:border-l-amber-400',
  Good: 'border-l-green-700 dark:border-l-green-400',
  Easy: 'border-l-blue-700 dark:border-l-blue-400',
}

export function RatingButtons({
  choices,
  suggested,
  disabled,
  onGrade,
}: {
  choices: readonly RatingChoice[]
  suggested: GradeRating
  disabled: boolean
  onGrade: (rating: GradeRating) => void
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">Grade yourself (keys 1–4)</legend>
      <p id="suggested" className="sr-only">
        Suggested from the points you ticked
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {choices.map((choice) => {
          const isSuggested = choice.rating === suggested
          return (
            <button
              key={choice.rating}
              type="button"
              disabled={disabled}
              onClick={() => onGrade(choice.rating)}
              aria-keyshortcuts={String(choice.rating)}
              aria-describedby={isSuggested ? 'suggested' : undefined}
              data-suggested={isSuggested ? 'true' : undefined}
              title={`Due ${choice.dueLabel}`}
              className={`flex flex-col items-start rounded-lg border border-l-4 px-3 py-2 text-left disabled:opacity-60 ${tone[choice.name]} ${
                isSuggested
                  ? 'border-zinc-900 bg-zinc-900 text-white ring-2 ring-offset-2 ring-zinc-900 dark:border-zinc-100 dark:bg-zinc-100 dark:text-zinc-900 dark:ring-zinc-100 dark:ring-offset-zinc-950'
                  : 'border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800'
              }`}
            >
              <span className="font-semibold">{choice.name}</span>
              <span className="text-sm">{choice.interval}</span>
              <span aria-hidden="true" className="mt-1 text-xs opacity-90">
                key {choice.rating}
                {isSuggested ? ' · suggested' : ''}
              </span>
            </button>
          )
        })}
      </div>
    </fieldset>
  )
}
