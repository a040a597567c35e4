'use client'
// The lease builder: the lease flaws as switches (the engine's lease flaw catalogue), the
// lease and the clock bound, and the faults. It edits a scenario value; the server validates it.
import { LEASE_FLAW_CATALOGUE, type LeaseScenario } from '@/lib/engine/client'
import { leaseFlawsOf, withLeaseFlaw, withLeaseNumber } from '@/lib/sandbox/lease-builder'
import { NumberField, Switch } from '../ui/fields'
import { WhenSeen } from '../when-seen'
import { LeaseFaultEditor } from './lease-fault-editor'

export function LeaseBuilder({
  scenario,
  onChange,
}: {
  scenario: LeaseScenario
  onChange: (s: LeaseScenario) => void
}) {
  const flaws = leaseFlawsOf(scenario)
  return (
    <WhenSeen version={scenario}>
      <div className="space-y-4">
        <fieldset className="rounded border border-zinc-300 p-3 dark:border-zinc-700">
          <legend className="px-1 text-sm font-semibold">Lock design</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {LEASE_FLAW_CATALOGUE.map((row) => (
              <Switch
                key={row.id}
                id={`flaw-${row.id}`}
                label={row.label}
                hint={row.hint}
                checked={flaws.includes(row.id)}
                onChange={(on) => onChange(withLeaseFlaw(scenario, row.id, on))}
              />
            ))}
          </div>
          <div className="mt-3 flex flex-wrap gap-3">
            <NumberField
              label="Lease (ms)"
              value={scenario.config.leaseMs}
              min={1}
              onChange={(value) => onChange(withLeaseNumber(scenario, 'leaseMs', value))}
              width="w-28"
            />
            <NumberField
              label="Clock bound (ms)"
              value={scenario.config.clockBoundMs}
              onChange={(value) => onChange(withLeaseNumber(scenario, 'clockBoundMs', value))}
              width="w-28"
            />
          </div>
        </fieldset>
        <LeaseFaultEditor scenario={scenario} onChange={onChange} />
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Clients:{' '}
          {scenario.clients
            .map((c) => `${c.id} from ${c.atMs} ms, ${c.writes} write${c.writes === 1 ? '' : 's'}`)
            .join('; ')}
          .
        </p>
      </div>
    </WhenSeen>
  )
}
