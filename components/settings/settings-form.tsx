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

export function SettingsForm({
  initial,
  timezones,
}: {
  initial: StudySettings
  timezones: readonly string[]
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
      <div>
        <label htmlFor="desiredRetention" className="font-medium">
          Desired retention
        </label>
        <input
          id="desiredRetention"
          name="desiredRetention"
          type="number"
          min={0.7}
          max={0.99}
          step={0.01}
          defaultValue={initial.desiredRetention}
          aria-describedby={describedBy('desiredRetention', 'desiredRetention-hint')}
          aria-invalid={errors.desiredRetention ? true : undefined}
          className={inputClass}
        />
        <p id="desiredRetention-hint" className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
          The chance you still recall a card when it comes back, from 0.70 to 0.99. Higher means more reviews.
        </p>
        <FieldError id="desiredRetention-error" message={errors.desiredRetention} />
      </div>

      <div className="grid grid-cols-2 gap-4">
        <div>
          <label htmlFor="newPerDay" className="font-medium">
            New cards per day
          </label>
          <input
            id="newPerDay"
            name="newPerDay"
            type="number"
            min={0}
            max={1000}
            step={1}
            defaultValue={initial.newPerDay}
            aria-describedby={describedBy('newPerDay')}
            aria-invalid={errors.newPerDay ? true : undefined}
            className={inputClass}
          />
          <FieldError id="newPerDay-error" message={errors.newPerDay} />
        </div>
        <div>
          <label htmlFor="reviewsPerDay" className="font-medium">
            Reviews per day
          </label>
          <input
            id="reviewsPerDay"
            name="reviewsPerDay"
            type="number"
            min={0}
            max={10000}
            step={1}
            defaultValue={initial.reviewsPerDay}
            aria-describedby={describedBy('reviewsPerDay')}
            aria-invalid={errors.reviewsPerDay ? true : undefined}
            className={inputClass}
          />
          <FieldError id="reviewsPerDay-error" message={errors.reviewsPerDay} />
        </div>
      </div>

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
