'use client'
// "Or type your answer": the labelled box beside the recorder, on /review and in a mock
// interview's phase. Client state, so it stays disabled until hydrated (ReadyTextarea) and
// nothing typed before is lost.
import { ReadyTextarea } from '../ready-controls'
import { inputClass } from '../ui/input-class'

export function TypedAnswer({
  id,
  label,
  value,
  onChange,
  rows,
}: {
  id: string
  label: string
  value: string
  onChange: (text: string) => void
  rows: number
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <ReadyTextarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={rows}
        className={`w-full ${inputClass('md')}`}
      />
    </div>
  )
}
