'use client'
// The study settings form. Server-validated; errors are shown next to their field.
import { useActionState, useMemo, useState } from 'react'
import { type SettingsFormState, saveSettingsAction } from '@/app/settings/actions'
import type { StudySettings } from '@/lib/srs/settings'
import { ExportForAnki } from '../anki/export-for-anki'
import { browserTimezone } from '../review/browser-zone'
import { Button } from '../ui/button'
import { FieldError, LongSelectField, NumberField, SelectField, TextField } from '../ui/fields'

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}))

/** The interview plan's two settings (lib/plan): the date and how far new cards may be sped up for it. */
function InterviewFields({
  interviewDate,
  maxNewPerDay,
  errors,
}: {
  interviewDate: string | null
  maxNewPerDay: number
  errors: Partial<Record<string, string>>
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="font-medium">Your interview</legend>
      <TextField
        name="interviewDate"
        label="Interview date"
        placeholder="YYYY-MM-DD"
        inputMode="numeric"
        defaultValue={interviewDate ?? ''}
        hint="The study day of your interview, written YYYY-MM-DD (at most two years ahead). Drill plans your reviews to it: every card you have studied comes back in the last three days before it. Leave it empty to remove the plan."
        error={errors.interviewDate}
      />
      <NumberField
        name="maxNewPerDay"
        label="Maximum new per day"
        min={0}
        max={1000}
        step={1}
        defaultValue={maxNewPerDay}
        hint="With an interview date, Drill may start more new cards a day than “New cards per day”, up to this, so every card is seen twice before the day."
        error={errors.maxNewPerDay}
      />
    </fieldset>
  )
}

export interface DeckSwitch {
  id: string
  title: string
  enabled: boolean
  /** Own decks can be exported for Anki. */
  kind?: 'built-in' | 'drills' | 'own'
}

export function SettingsForm({
  initial,
  timezones,
  decks,
  zoneKnown,
}: {
  initial: StudySettings
  timezones: readonly string[]
  decks: readonly DeckSwitch[]
  /** False on a first visit: `initial.timezone` is the default, not a zone the learner has. */
  zoneKnown: boolean
}) {
  // The zone the learner picked in this form, if any: then it is theirs, whatever the browser's, and
  // it stays selected when the page is redrawn in the zone stored meanwhile (a first visit's redraw
  // gives the list a new default, which would otherwise replace the pick under the learner).
  const [pickedZone, setPickedZone] = useState<string | null>(null)
  const [state, formAction, pending] = useActionState<SettingsFormState, FormData>(
    zoneKnown
      ? saveSettingsAction // the server action itself: the form also posts before hydration
      : async (previous, form) => {
          // Drawn before the browser's zone was stored (a save right after the first /review visit,
          // while /review or this page still stores it): the default is no choice of the learner's, and
          // saving it would keep it (the browser's zone is stored only where none is). The browser's
          // zone goes instead, read on submit (in a worker: ICU's first use stays off the main thread).
          if (pickedZone === null) form.set('timezone', await browserTimezone())
          return saveSettingsAction(previous, form)
        },
    { status: 'idle' },
  )
  const errors = state.status === 'invalid' ? state.fieldErrors : {}
  const zones = useMemo(
    () => (timezones.includes(initial.timezone) ? timezones : [initial.timezone, ...timezones]),
    [timezones, initial.timezone],
  )

  return (
    <form
      action={formAction}
      onChange={(event) => {
        if (event.target instanceof HTMLSelectElement && event.target.name === 'timezone')
          setPickedZone(event.target.value)
      }}
      data-drawn-in={initial.timezone}
      className="max-w-xl space-y-5"
      noValidate
    >
      <NumberField
        name="desiredRetention"
        label="Desired retention"
        min={0.7}
        max={0.99}
        step={0.01}
        defaultValue={initial.desiredRetention}
        hint="The chance you still recall a card when it comes back, from 0.70 to 0.99. Higher means more reviews."
        error={errors.desiredRetention}
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
        />
        <NumberField
          name="reviewsPerDay"
          label="Reviews per day"
          min={0}
          max={10000}
          step={1}
          defaultValue={initial.reviewsPerDay}
          error={errors.reviewsPerDay}
        />
      </div>

      <InterviewFields
        interviewDate={initial.interviewDate}
        maxNewPerDay={initial.maxNewPerDay}
        errors={errors}
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
        <SelectField
          name="rolloverHour"
          label="New study day starts at"
          options={HOURS}
          defaultValue={String(initial.rolloverHour)}
          error={errors.rolloverHour}
        />
        <LongSelectField
          name="timezone"
          label="Time zone"
          values={zones}
          defaultValue={pickedZone ?? initial.timezone}
          error={errors.timezone}
        />
      </div>

      <DeckSwitches decks={decks} error={errors.decks} />

      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" size="md" disabled={pending}>
          Save settings
        </Button>
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

/** Which decks are reviewed: one checkbox each (a hidden field says which were shown), own decks exportable. */
function DeckSwitches({ decks, error }: { decks: readonly DeckSwitch[]; error?: string }) {
  return (
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
            <label id={`deck-${deck.id}-label`} htmlFor={`deck-${deck.id}`}>
              {deck.title}
            </label>
            {deck.kind === 'own' && <ExportForAnki deckId={deck.id} deckName={deck.title} />}
          </li>
        ))}
      </ul>
      <FieldError id="decks-error" message={error} />
    </fieldset>
  )
}
