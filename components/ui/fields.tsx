// Small labelled inputs for the builder. Every control has a visible label, and is
// disabled until its component has hydrated (an edit made before would be lost).
import type { ReactNode } from 'react'
import { useHydrated } from '@/components/use-hydrated'

const input =
  'disabled:opacity-60 rounded border border-zinc-400 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100'

export function NumberField({
  label,
  value,
  onChange,
  min = 0,
  max,
  step = 1,
  width = 'w-24',
}: {
  label: string
  value: number
  onChange: (value: number) => void
  min?: number
  max?: number
  step?: number
  width?: string
}) {
  const hydrated = useHydrated()
  return (
    <label className="flex flex-col gap-0.5 text-xs font-medium text-zinc-700 dark:text-zinc-300">
      {label}
      <input
        type="number"
        disabled={!hydrated}
        inputMode="numeric"
        className={`${input} ${width} font-mono`}
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

export function TextField({
  label,
  value,
  onChange,
  width = 'w-24',
  mono,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  width?: string
  mono?: boolean
}) {
  const hydrated = useHydrated()
  return (
    <label className="flex flex-col gap-0.5 text-xs font-medium text-zinc-700 dark:text-zinc-300">
      {label}
      <input
        type="text"
        disabled={!hydrated}
        className={`${input} ${width} ${mono ? 'font-mono' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  )
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: ReadonlyArray<{ value: T; label: string }>
  onChange: (value: T) => void
}) {
  const hydrated = useHydrated()
  return (
    <label className="flex flex-col gap-0.5 text-xs font-medium text-zinc-700 dark:text-zinc-300">
      {label}
      <select
        className={input}
        disabled={!hydrated}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** A checkbox with role="switch": its accessible name is exactly `label`. */
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

export const buttonClass =
  'rounded border border-zinc-400 bg-white px-3 py-1.5 text-sm font-medium text-zinc-900 hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800'
export const primaryButtonClass =
  'rounded bg-sky-800 px-4 py-1.5 text-sm font-semibold text-white hover:bg-sky-900 disabled:opacity-60 dark:bg-sky-300 dark:text-zinc-950 dark:hover:bg-sky-200'
