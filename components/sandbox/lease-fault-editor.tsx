'use client'
// The lease scenario's faults, each with its numbers editable (a pause's start and length,
// a crash's time, a delayed message and how long it is held, a clock's rate), and buttons
// to add or remove one. Edits a scenario value; the server validates it.
import { LEASE_MESSAGES, type LeaseFault, type LeaseFaultKind, type LeaseScenario } from '@/lib/engine/client'
import { addLeaseFault, removeLeaseFault, updateLeaseFault } from '@/lib/sandbox/lease-builder'
import { Button } from '../ui/button'
import { NumberField, SelectField } from '../ui/fields'

const FAULT_LABELS: Record<LeaseFaultKind, string> = {
  pause: 'Pause',
  crash: 'Crash',
  delay: 'Delayed message',
  clock: 'Clock drift',
}

function FaultFields({ fault, onChange }: { fault: LeaseFault; onChange: (f: LeaseFault) => void }) {
  switch (fault.kind) {
    case 'pause':
      return (
        <>
          <NumberField label="At (ms)" value={fault.atMs} onChange={(atMs) => onChange({ ...fault, atMs })} />
          <NumberField
            label="Pause length (ms)"
            value={fault.forMs}
            min={1}
            onChange={(forMs) => onChange({ ...fault, forMs })}
            width="w-28"
          />
        </>
      )
    case 'crash':
      return (
        <NumberField label="At (ms)" value={fault.atMs} onChange={(atMs) => onChange({ ...fault, atMs })} />
      )
    case 'delay':
      return (
        <>
          <SelectField
            label="Message"
            value={fault.message}
            options={LEASE_MESSAGES.map((m) => ({ value: m, label: m }))}
            onChange={(message) => onChange({ ...fault, message })}
          />
          <NumberField
            label="Which one"
            value={fault.nth}
            min={1}
            onChange={(nth) => onChange({ ...fault, nth })}
          />
          <NumberField
            label="Held in flight (ms)"
            value={fault.byMs}
            min={1}
            onChange={(byMs) => onChange({ ...fault, byMs })}
            width="w-28"
          />
        </>
      )
    case 'clock':
      return (
        <NumberField
          label="Clock rate (% of real time)"
          value={fault.ratePercent}
          min={10}
          max={1000}
          onChange={(ratePercent) => onChange({ ...fault, ratePercent })}
        />
      )
  }
}

export function LeaseFaultEditor({
  scenario,
  onChange,
}: {
  scenario: LeaseScenario
  onChange: (s: LeaseScenario) => void
}) {
  const clients = scenario.clients.map((c) => ({ value: c.id, label: c.id }))
  return (
    <fieldset className="rounded border border-zinc-300 p-3 dark:border-zinc-700">
      <legend className="px-1 text-sm font-semibold">Faults</legend>
      <ol className="space-y-2">
        {scenario.faults.map((fault, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a fault has no id; its place is its name
            key={index}
            aria-label={`Fault ${index + 1}: ${FAULT_LABELS[fault.kind]}`}
            className="flex flex-wrap items-end gap-3"
          >
            <span className="w-32 text-sm font-semibold">{FAULT_LABELS[fault.kind]}</span>
            <SelectField
              label="Client"
              value={fault.client}
              options={clients}
              onChange={(client) => onChange(updateLeaseFault(scenario, index, { ...fault, client }))}
            />
            <FaultFields fault={fault} onChange={(f) => onChange(updateLeaseFault(scenario, index, f))} />
            <Button onClick={() => onChange(removeLeaseFault(scenario, index))}>Remove</Button>
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        {(Object.keys(FAULT_LABELS) as LeaseFaultKind[]).map((kind) => (
          <Button key={kind} onClick={() => onChange(addLeaseFault(scenario, kind))}>
            Add {FAULT_LABELS[kind].toLowerCase()}
          </Button>
        ))}
      </div>
    </fieldset>
  )
}
