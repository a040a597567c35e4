'use client'
// Title, Prompt or Deck: a labelled box (the prompt's is a textarea), its hint and its error.
import type { FieldErrors } from '@/lib/own-cards/errors'
import { FieldError, FieldHint } from '../ui/fields'
import { fieldInputClass } from '../ui/input-class'
import { describedByFor } from './card-form-values'

export function TextField({
  field,
  label,
  value,
  onChange,
  hint,
  errors,
}: {
  field: 'title' | 'prompt' | 'deck'
  label: string
  value: string
  onChange: (value: string) => void
  hint?: string
  errors: FieldErrors
}) {
  const describedBy = describedByFor(errors)(field, hint && `${field}-hint`)
  return (
    <div>
      <label htmlFor={field} className="font-medium">
        {label}
      </label>
      {field === 'prompt' ? (
        <textarea
          id={field}
          data-field={field}
          rows={3}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy}
          className={fieldInputClass}
        />
      ) : (
        <input
          id={field}
          data-field={field}
          type="text"
          value={value}
          list={field === 'deck' ? 'deck-names' : undefined}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy}
          className={fieldInputClass}
        />
      )}
      {hint && <FieldHint id={`${field}-hint`}>{hint}</FieldHint>}
      <FieldError id={`${field}-error`} message={errors[field]} />
    </div>
  )
}
