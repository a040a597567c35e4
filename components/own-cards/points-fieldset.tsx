'use client'
// The card form's Points: the rows, Add point, Suggest points (from the model answer's list)
// and what each says about the count.
import type { FieldErrors } from '@/lib/own-cards/errors'
import { Button } from '../ui/button'
import { FieldError } from '../ui/fields'
import { describedByFor, MAX_POINTS, MIN_POINTS } from './card-form-values'
import { PointRowFields } from './point-row-fields'
import type { usePointRows } from './use-point-rows'

export function PointsFieldset({
  rows,
  mayHaveNone,
  errors,
  suggestStatus,
  onSuggest,
}: {
  rows: ReturnType<typeof usePointRows>
  /** A card that came without points (say, from Anki) may go back to having none. */
  mayHaveNone: boolean
  errors: FieldErrors
  suggestStatus: string
  onSuggest: () => void
}) {
  const { points } = rows
  return (
    <fieldset className="space-y-4" aria-describedby={describedByFor(errors)('points', 'points-hint')}>
      <legend className="text-lg font-semibold">Points</legend>
      <p id="points-hint" className="text-sm text-zinc-700 dark:text-zinc-300">
        The {MIN_POINTS} to {MAX_POINTS} things a strong answer says. Mark the one that fails the answer when
        missed as critical (at most one). Cue phrases (optional, comma-separated) pre-tick the point when your
        typed answer or transcript contains them.
      </p>
      <FieldError id="points-error" message={errors.points} />
      <ol className="space-y-4">
        {points.map((point, index) => (
          <PointRowFields
            key={point.key}
            point={point}
            n={index + 1}
            removable={points.length > MIN_POINTS || mayHaveNone}
            errors={errors}
            onChange={(change) => rows.update(point.key, change)}
            onRemove={() => rows.remove(point.key)}
          />
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          id="add-point"
          onClick={rows.add}
          disabled={points.length >= MAX_POINTS}
          aria-describedby="add-point-hint"
        >
          Add point
        </Button>
        <Button id="suggest-points" onClick={onSuggest} aria-describedby="suggest-points-hint">
          Suggest points
        </Button>
      </div>
      <p id="add-point-hint" className="text-sm text-zinc-700 dark:text-zinc-300">
        {points.length === 0
          ? `No points: a plain card, graded with the four buttons. Add ${MIN_POINTS} to ${MAX_POINTS} to grade it point by point.`
          : `${points.length} of at most ${MAX_POINTS} points.`}
      </p>
      <p id="suggest-points-hint" className="text-sm text-zinc-700 dark:text-zinc-300">
        Suggest points takes them from the model answer&apos;s list ({MIN_POINTS} to {MAX_POINTS} items).
      </p>
      <p role="status" className="text-sm" data-testid="suggest-points-status">
        {suggestStatus}
      </p>
    </fieldset>
  )
}
