'use client'
// One point of the card form: Point N's text, "Point N is critical", Remove point N (when the
// card may lose one) and its optional cue phrases, each with its error.
import type { FieldErrors } from '@/lib/own-cards/errors'
import { FieldError } from '../ui/fields'
import { fieldInputClass } from '../ui/input-class'
import { describedByFor } from './card-form-values'
import type { PointRow } from './use-point-rows'

export function PointRowFields({
  point,
  n,
  removable,
  errors,
  onChange,
  onRemove,
}: {
  point: PointRow
  /** 1-based position: the labels and the field ids (`point-N`). */
  n: number
  removable: boolean
  errors: FieldErrors
  onChange: (change: Partial<PointRow>) => void
  onRemove: () => void
}) {
  const field = `point-${n}`
  const describedBy = describedByFor(errors)
  return (
    <li className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid="point-row">
      <label htmlFor={field} className="font-medium">
        Point {n}
      </label>
      <textarea
        id={field}
        data-field={field}
        rows={2}
        value={point.text}
        onChange={(e) => onChange({ text: e.target.value })}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        className={fieldInputClass}
      />
      <FieldError id={`${field}-error`} message={errors[field]} />
      <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-2">
        <span className="flex items-center gap-2">
          <input
            id={`${field}-critical`}
            type="checkbox"
            checked={point.critical}
            onChange={(e) => onChange({ critical: e.target.checked })}
            className="size-4"
          />
          <label htmlFor={`${field}-critical`}>Point {n} is critical</label>
        </span>
        {removable && (
          <button type="button" onClick={onRemove} className="text-sm underline underline-offset-2">
            Remove point {n}
          </button>
        )}
      </div>
      <label htmlFor={`${field}-cues`} className="mt-2 block text-sm">
        Cue phrases for point {n} (optional)
      </label>
      <input
        id={`${field}-cues`}
        data-field={`${field}-cues`}
        type="text"
        value={point.cues}
        onChange={(e) => onChange({ cues: e.target.value })}
        aria-invalid={errors[`${field}-cues`] ? true : undefined}
        aria-describedby={describedBy(`${field}-cues`)}
        className={fieldInputClass}
      />
      <FieldError id={`${field}-cues-error`} message={errors[`${field}-cues`]} />
    </li>
  )
}
