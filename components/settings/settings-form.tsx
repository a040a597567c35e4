'use client'
// The study settings form. Server-validated; errors are shown next to their field.
import { useActionState } from 'react'
import { type SettingsFormState, saveSettingsAction } from '@/app/settings/actions'
import type { StudySettings } from '@/lib/srs/settings'

const inputClass =
  'mt-1 block w-full rounded-lg border border-zinc-400 bg-white px-2 py-1.5 text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100'

const HOURS = Array.from({ length: 24 }, (_, hour) => hour)

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1 text-sm text-red-800 dark:text-red-300">
      {message}
    </p>
  )
}

/** A labelled number input with its optional hint and its server-side error. */
function NumberField({
  name,
  label,
  min,
  max,
  step,
  defaultValue,
  hint,
  error,
  describedBy,
}: {
  name: string
  label: string
  min: number
  max: number
  step: number
  defaultValue: number
  hint?: string
  error: string | undefined
  describedBy: string | undefined
}) {
  return (
    <div>
      <label htmlFor={name} className="font-medium">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="number"
        min={min}
        max={max}
        step={step}
        defaultValue={defaultValue}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className={inputClass}
      />
      {hint && (
        <p id={`${name}-hint`} className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
          {hint}
        </p>
      )}
      <FieldError id={`${name}-error`} message={error} />
    </div>
  )
}

/** The interview plan's two settings (lib/plan): the date and how far new cards may be sped up for it. */
function InterviewFields({
  interviewDate,
  maxNewPerDay,
  errors,
  describedBy,
}: {
  interviewDate: string | null
  maxNewPerDay: number
  errors: Partial<Record<string, string>>
  describedBy: (field: string, hint?: string) => string | undefined
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="font-medium">Your interview</legend>
      <div>
        <label htmlFor="interviewDate" className="font-medium">
          Interview date
        </label>
        <input
          id="interviewDate"
          name="interviewDate"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="YYYY-MM-DD"
          defaultValue={interviewDate ?? ''}
          aria-describedby={describedBy('interviewDate', 'interviewDate-hint')}
          aria-invalid={errors.interviewDate ? true : undefined}
          className={inputClass}
        />
        <p id="interviewDate-hint" className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
          The study day of your interview, written YYYY-MM-DD (at most two years ahead). Drill plans your
          reviews to it: every card you have studied comes back in the last three days before it. Leave it
          empty to remove the plan.
        </p>
        <FieldError id="interviewDate-error" message={errors.interviewDate} />
      </div>
      <NumberField
        name="maxNewPerDay"
        label="Maximum new per day"
        min={0}
        max={1000}
        step={1}
        defaultValue={maxNewPerDay}
        hint="With an interview date, Drill may start more new cards a day than “New cards per day”, up to this, so every card is seen twice before the day."
        error={errors.maxNewPerDay}
        describedBy={describedBy('maxNewPerDay', 'maxNewPerDay-hint')}
      />
    </fieldset>
  )
}

export interface DeckSwitch {
  id: string
  title: string
  enabled: boolean
}

export function SettingsForm({
  initial,
  timezones,
  decks,
}: {
  initial: StudySettings
  timezones: readonly string[]
  decks: readonly DeckSwitch[]
}) {
  const [state, formAction, pending] = useActionState<SettingsFormState, FormData>(saveSettingsAction, {
    status: 'idle',
  })
  const errors = state.status === 'invalid' ? state.fieldErrors : {}
  const describedBy = (field: string, hint?: string) =>
    [hint, errors[field] ? `${field}-error` : undefined].filter(Boolean).join(' ') || undefined
  const zones = timezones.includes(initial.timezone) ? timezones : [initial.timezone, ...timezones]

  return (
    <form action={formAction} className="max-w-xl space-y-5" noValidate>
      <NumberField
        name="desiredRetention"
        label="Desired retention"
        min={0.7}
        max={0.99}
        step={0.01}
        defaultValue={initial.desiredRetention}
        hint="The chance you still recall a card when it comes back, from 0.70 to 0.99. Higher means more reviews."
        error={errors.desiredRetention}
        describedBy={describedBy('desiredRetention', 'desiredRetention-hint')}
      />

      <div className="grid grid-cols-2 gap-4">
        <NumberField
          name="newPerDay"
          label="New cards per day"
          min={0}
          max={1000}
          step={1}
          defaultValue={initial.newPerDay}
          error={errors.newPerDay}
          describedBy={describedBy('newPerDay')}
        />
        <NumberField
          name="reviewsPerDay"
          label="Reviews per day"
          min={0}
          max={10000}
          step={1}
          defaultValue={initial.reviewsPerDay}
          error={errors.reviewsPerDay}
          describedBy={describedBy('reviewsPerDay')}
        />
      </div>

      <InterviewFields
        interviewDate={initial.interviewDate}
        maxNewPerDay={initial.maxNewPerDay}
        errors={errors}
        describedBy={describedBy}
      />

      <div className="flex items-start gap-2">
        <input
          id="sameDaySteps"
          name="sameDaySteps"
          type="checkbox"
          defaultChecked={initial.sameDaySteps}
          aria-describedby="sameDaySteps-hint"
          className="mt-1 size-4 shrink-0"
        />
        <div>
          <label htmlFor="sameDaySteps" className="font-medium">
            Same-day learning steps
          </label>
          <p id="sameDaySteps-hint" className="text-sm text-zinc-700 dark:text-zinc-300">
            Off: a card you fail comes back at the start of your next study day. On: it comes back in minutes.
          </p>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="rolloverHour" className="font-medium">
            New study day starts at
          </label>
          <select
            id="rolloverHour"
            name="rolloverHour"
            defaultValue={String(initial.rolloverHour)}
            aria-describedby={describedBy('rolloverHour')}
            className={inputClass}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {String(hour).padStart(2, '0')}:00
              </option>
            ))}
          </select>
          <FieldError id="rolloverHour-error" message={errors.rolloverHour} />
        </div>
        <div>
          <label htmlFor="timezone" className="font-medium">
            Time zone
          </label>
          <select
            id="timezone"
            name="timezone"
            defaultValue={initial.timezone}
            aria-describedby={describedBy('timezone')}
            className={inputClass}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          <FieldError id="timezone-error" message={errors.timezone} />
        </div>
      </div>

      <fieldset className="space-y-2" aria-describedby="decks-hint">
        <legend className="font-medium">Decks</legend>
        <p id="decks-hint" className="text-sm text-zinc-700 dark:text-zinc-300">
          Review only the decks that are on. Switching a deck off keeps its history; its cards wait.
        </p>
        <ul className="space-y-1">
          {decks.map((deck) => (
            <li key={deck.id} className="flex items-center gap-2">
              <input type="hidden" name="deckShown" value={deck.id} />
              <input
                id={`deck-${deck.id}`}
                name="deck"
                type="checkbox"
                value={deck.id}
                defaultChecked={deck.enabled}
                className="size-4 shrink-0"
              />
              <label htmlFor={`deck-${deck.id}`}>{deck.title}</label>
            </li>
          ))}
        </ul>
        <FieldError id="decks-error" message={errors.decks} />
      </fieldset>

      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-zinc-900 px-4 py-2 font-semibold text-white hover:bg-zinc-700 disabled:opacity-60 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
        >
          Save settings
        </button>
        <p role="status" className="text-sm">
          {state.status === 'saved'
            ? 'Settings saved.'
            : state.status === 'invalid'
              ? 'Please fix the fields marked above.'
              : ''}
        </p>
      </div>
    </form>
  )
}
