'use client'
// The scenario builder: engine config (every flaw and the in-flight policy as switches)
// up front, the schedule (requests, faults, sweeps, timing) behind a disclosure. It edits
// a scenario value; the server validates it.
import dynamic from 'next/dynamic'
import { useEffect, useRef, useState } from 'react'
import type { Scenario } from '@/lib/engine/client'
import { FLAW_SWITCHES, flawsOf, waitPolicyOn, withFlaw, withWaitPolicy } from '@/lib/sandbox/builder'
import { NumberField, Switch } from '../ui/fields'
import { WhenSeen } from '../when-seen'

const fieldset = 'rounded border border-zinc-300 p-3 dark:border-zinc-700'
const legend = 'px-1 text-sm font-semibold'

// Loaded on first open: a long form most visits never touch.
const ScheduleEditor = dynamic(() => import('./schedule-editor').then((m) => m.ScheduleEditor), {
  ssr: false,
  loading: () => <p className="p-3 text-sm">Loading the schedule editor…</p>,
})

export function Builder({ scenario, onChange }: { scenario: Scenario; onChange: (s: Scenario) => void }) {
  const [scheduleOpen, setScheduleOpen] = useState(false)
  // A <details> opens natively, so a click before hydration opens it with no editor inside:
  // catch up with the DOM once hydrated.
  const details = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    if (details.current?.open) setScheduleOpen(true)
  }, [])
  return (
    <div className="space-y-4">
      {/* An island (../when-seen.tsx): its switches and fields keep the server's HTML (visibly
          disabled) until seen or used, then render live in a task of their own, off the
          page's hydration. A new scenario while asleep (Chaos's counterexample) wakes it. */}
      <WhenSeen version={scenario}>
        <EngineConfig scenario={scenario} onChange={onChange} />
      </WhenSeen>

      <details
        ref={details}
        className="rounded border border-zinc-300 dark:border-zinc-700"
        open={scheduleOpen}
        onToggle={(event) => setScheduleOpen(event.currentTarget.open)}
      >
        <summary className="cursor-pointer px-3 py-2 text-sm font-semibold">
          Schedule: {scenario.requests.length} request{scenario.requests.length === 1 ? '' : 's'},{' '}
          {scenario.faults.length} fault
          {scenario.faults.length === 1 ? '' : 's'}, {scenario.sweeps.length} sweep
          {scenario.sweeps.length === 1 ? '' : 's'} (edit requests, faults, sweeps, timing and seed)
        </summary>
        {/* Rendered only when open: a long form the page need not hydrate up front. */}
        {scheduleOpen && <ScheduleEditor scenario={scenario} onChange={onChange} />}
      </details>
    </div>
  )
}

/** Every flaw and the in-flight policy as switches, and the engine's numbers. */
function EngineConfig({ scenario, onChange }: { scenario: Scenario; onChange: (s: Scenario) => void }) {
  const flaws = flawsOf(scenario)
  const policy = scenario.config.inFlightPolicy
  const setConfig = (patch: Partial<Scenario['config']>) =>
    onChange({ ...scenario, config: { ...scenario.config, ...patch } })

  return (
    <fieldset className={fieldset}>
      <legend className={legend}>Engine config</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {FLAW_SWITCHES.map((s) => (
          <Switch
            key={s.flaw}
            id={`flaw-${s.flaw}`}
            label={s.label}
            hint={s.hint}
            checked={flaws.includes(s.flaw)}
            onChange={(on) => onChange(withFlaw(scenario, s.flaw, on))}
          />
        ))}
        <Switch
          id="policy-wait"
          label="Wait for the in-flight request"
          hint="Off: a duplicate gets 409 with Retry-After. On: it waits briefly and returns the first request's response."
          checked={waitPolicyOn(scenario)}
          onChange={(on) => onChange(withWaitPolicy(scenario, on))}
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <NumberField
          label="Lease (ms)"
          value={scenario.config.leaseMs ?? 30_000}
          min={1}
          onChange={(leaseMs) => setConfig({ leaseMs })}
          width="w-28"
        />
        <NumberField
          label="Key TTL (ms)"
          value={scenario.config.keyTtlMs ?? 86_400_000}
          min={1}
          onChange={(keyTtlMs) => setConfig({ keyTtlMs })}
          width="w-32"
        />
        <NumberField
          label="Retry-After (s)"
          value={policy?.retryAfterS ?? 1}
          onChange={(retryAfterS) =>
            setConfig({
              inFlightPolicy: policy ? { ...policy, retryAfterS } : { kind: 'reject-409', retryAfterS },
            })
          }
        />
        {policy?.kind === 'wait' && (
          <NumberField
            label="Max wait (ms)"
            value={policy.maxWaitMs}
            onChange={(maxWaitMs) => setConfig({ inFlightPolicy: { ...policy, maxWaitMs } })}
          />
        )}
      </div>
    </fieldset>
  )
}
