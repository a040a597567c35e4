// Labelled fields in one look (./input-class). Every field has a visible label, and comes in two kinds:
// - a live control (`value` + `onChange`): its state lives in client JS, so it is compact (label above,
//   caller-chosen width) and disabled until it has hydrated (an edit made before would be lost);
// - a form field (`name` + `defaultValue`): the browser owns and submits it, so it works before
//   hydration; full width, with its hint and its server-side error under it (ids `<name>-hint`,
//   `<name>-error`, wired to aria-describedby).
import { type ReactNode, useMemo } from 'react'
import { useHydrated } from '@/components/use-hydrated'
import { fieldInputClass, inputClass } from './input-class'

const liveLabel = 'flex flex-col gap-0.5 text-xs font-medium text-zinc-700 dark:text-zinc-300'
const liveInput = inputClass('sm')

interface Live<T> {
  value: T
  onChange: (value: T) => void
  /** A Tailwind width class for the control. */
  width?: string
}

interface InForm<T> {
  name: string
  defaultValue: T
  hint?: string
  error?: string
}

const isLive = <T,>(props: Live<T> | InForm<T>): props is Live<T> => 'onChange' in props

/** A form field's server-side error, or nothing. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1 text-sm text-red-800 dark:text-red-300">
      {message}
    </p>
  )
}

/** A form field's hint, under the control. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
      {children}
    </p>
  )
}

/** The ids a form field's control is described by: its hint and its error, when shown. */
function describedBy({ name, hint, error }: InForm<unknown>): string | undefined {
  return [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ') || undefined
}

/** The label, control, hint and error of a form field. */
function FormField({
  field,
  label,
  children,
}: {
  field: InForm<unknown>
  label: string
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={field.name} className="font-medium">
        {label}
      </label>
      {children}
      {field.hint && <FieldHint id={`${field.name}-hint`}>{field.hint}</FieldHint>}
      <FieldError id={`${field.name}-error`} message={field.error} />
    </div>
  )
}

/** The attributes a form field's control carries. */
function formControl(field: InForm<unknown>) {
  return {
    id: field.name,
    name: field.name,
    'aria-describedby': describedBy(field),
    'aria-invalid': field.error ? true : undefined,
    className: fieldInputClass,
  }
}

type NumberFieldProps = { label: string; min?: number; max?: number; step?: number } & (
  | Live<number>
  | InForm<number>
)

/** A number input. Live, it holds an integer (typed decimals are truncated). */
export function NumberField(props: NumberFieldProps) {
  const hydrated = useHydrated()
  const { label, min = 0, max, step = 1 } = props
  if (!isLive(props))
    return (
      <FormField field={props} label={label}>
        <input
          type="number"
          min={min}
          max={max}
          step={step}
          defaultValue={props.defaultValue}
          {...formControl(props)}
        />
      </FormField>
    )
  const { value, onChange, width = 'w-24' } = props
  return (
    <label className={liveLabel}>
      {label}
      <input
        type="number"
        disabled={!hydrated}
        inputMode="numeric"
        className={`${liveInput} ${width} font-mono`}
        value={Number.isFinite(value) ? value : 0}
        min={min}
        max={max}
        step={step}
        onChange={(event) => {
          const next = Number(event.target.value)
          if (Number.isFinite(next)) onChange(Math.trunc(next))
        }}
      />
    </label>
  )
}

/** A live text input. */
type TextFieldProps = {
  label: string
  mono?: boolean
  /** Form fields only: a format example and the keyboard to offer (a date typed as digits). */
  placeholder?: string
  inputMode?: 'text' | 'numeric'
} & (Live<string> | InForm<string>)

export function TextField(props: TextFieldProps) {
  const hydrated = useHydrated()
  const { label, mono } = props
  if (!isLive(props))
    return (
      <FormField field={props} label={label}>
        <input
          type="text"
          autoComplete="off"
          placeholder={props.placeholder}
          inputMode={props.inputMode}
          defaultValue={props.defaultValue}
          {...formControl(props)}
        />
      </FormField>
    )
  const { value, onChange, width = 'w-24' } = props
  return (
    <label className={liveLabel}>
      {label}
      <input
        type="text"
        disabled={!hydrated}
        className={`${liveInput} ${width} ${mono ? 'font-mono' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  )
}

type SelectFieldProps<T extends string> = {
  label: string
  options: ReadonlyArray<{ value: T; label: string }>
} & (Live<T> | InForm<T>)

export function SelectField<T extends string>(props: SelectFieldProps<T>) {
  const hydrated = useHydrated()
  const { label } = props
  const options = props.options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ))
  if (!isLive(props))
    return (
      <FormField field={props} label={label}>
        <select defaultValue={props.defaultValue} {...formControl(props)}>
          {options}
        </select>
      </FormField>
    )
  const { value, onChange } = props
  return (
    <label className={liveLabel}>
      {label}
      <select
        className={liveInput}
        disabled={!hydrated}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options}
      </select>
    </label>
  )
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** `<option>`s as markup, the default one marked selected (so the HTML alone shows and posts it). */
export function optionsMarkup(values: readonly string[], selected: string): string {
  return values
    .map((value) => {
      const text = escapeHtml(value)
      return `<option value="${text}"${value === selected ? ' selected=""' : ''}>${text}</option>`
    })
    .join('')
}

/**
 * A form select with a long list of options whose labels are their values (the ~420 time zones).
 * The options go in as markup, so React hydrates one <select> rather than one element per option:
 * on a phone, hydrating the zone list was most of /settings' script time. The browser owns the
 * value, as for every form field: it works before hydration, and the default is the option marked
 * selected (a new default redraws the list).
 */
export function LongSelectField({
  label,
  values,
  ...field
}: { label: string; values: readonly string[] } & InForm<string>) {
  const markup = useMemo(() => optionsMarkup(values, field.defaultValue), [values, field.defaultValue])
  return (
    <FormField field={field} label={label}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built by optionsMarkup, every text escaped */}
      <select {...formControl(field)} dangerouslySetInnerHTML={{ __html: markup }} />
    </FormField>
  )
}

/** A live checkbox with role="switch": its accessible name is exactly `label`. */
export function Switch({
  label,
  hint,
  checked,
  onChange,
  id,
}: {
  label: string
  hint?: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  id: string
}) {
  const hydrated = useHydrated()
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        checked={checked}
        disabled={!hydrated}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 disabled:opacity-60 size-4 shrink-0 accent-sky-700 dark:accent-sky-400"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-zinc-700 dark:text-zinc-300">
            {hint}
          </p>
        )}
      </div>
    </div>
  )
}
