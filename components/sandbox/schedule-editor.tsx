'use client'
// The schedule part of the builder: requests, faults, sweeps, timing and seed. Loaded
// only when the learner opens it, so the page does not ship or hydrate it up front.
import type { Scenario, ScenarioFault, ScenarioRequest, ScenarioSweep } from '@/lib/engine/client'
import {
  addRequest,
  addRetry,
  amountOf,
  CRASH_POINT_OPTIONS,
  defaultFault,
  removeFault,
  removeRequest,
  SWEEP_OPTIONS,
  updateFault,
  updateRequest,
  withAmount,
} from '@/lib/sandbox/builder'
import { Button } from '../ui/button'
import { NumberField, SelectField, TextField } from '../ui/fields'

const BEHAVIOURS = [
  { value: 'ok', label: 'ok' },
  { value: 'decline', label: 'decline' },
  { value: 'slow', label: 'slow' },
  { value: 'timeout-after-accept', label: 'timeout after accept' },
  { value: 'unavailable', label: 'unavailable' },
] as const
const FAULT_KINDS = [
  { value: 'drop-response', label: 'Drop a response' },
  { value: 'crash', label: 'Crash the server' },
  { value: 'provider', label: 'Provider behaviour' },
  { value: 'clock-jump', label: 'Clock jump' },
] as const
const SERVERS = [
  { value: 'server-1', label: 'server-1' },
  { value: 'server-2', label: 'server-2' },
] as const

/**
 * Requests, faults and sweeps have no identity of their own while being edited (ids can be
 * typed over), so their position is their key: editing a field never remounts its row.
 */
const rowKey = (kind: string, position: number) => `${kind}-${position}`

const fieldset = 'rounded border border-zinc-300 p-3 dark:border-zinc-700'
const legend = 'px-1 text-sm font-semibold'

function RequestEditor({
  scenario,
  request,
  index,
  onChange,
}: {
  scenario: Scenario
  request: ScenarioRequest
  index: number
  onChange: (s: Scenario) => void
}) {
  const set = (patch: Partial<ScenarioRequest>) => onChange(updateRequest(scenario, index, patch))
  const earlier = scenario.requests.slice(0, index).map((r) => ({ value: r.id, label: r.id }))
  const amount = amountOf(request)
  return (
    <li className="flex flex-wrap items-end gap-2 border-b border-zinc-200 pb-2 dark:border-zinc-800">
      <TextField
        label={`Request ${index + 1} id`}
        value={request.id}
        onChange={(id) => set({ id })}
        width="w-28"
        mono
      />
      <SelectField
        label="Retry of"
        value={request.retryOf ?? ''}
        options={[{ value: '', label: 'none' }, ...earlier]}
        onChange={(retryOf) => set({ retryOf: retryOf === '' ? undefined : retryOf })}
      />
      <NumberField
        label="Send at (ms)"
        value={request.atMs}
        onChange={(atMs) => set({ atMs })}
        width="w-28"
      />
      <NumberField
        label="Account"
        value={request.accountId}
        min={1}
        onChange={(accountId) => set({ accountId })}
        width="w-20"
      />
      <TextField
        label="Idempotency key"
        value={request.key}
        onChange={(key) => set({ key })}
        width="w-72"
        mono
      />
      {amount !== undefined && (
        <NumberField
          label="Amount (minor units)"
          value={amount}
          min={1}
          onChange={(next) => onChange(updateRequest(scenario, index, withAmount(request, next)))}
          width="w-28"
        />
      )}
      <NumberField
        label="Client timeout (ms)"
        value={request.timeoutMs}
        min={1}
        onChange={(timeoutMs) => set({ timeoutMs })}
        width="w-28"
      />
      <SelectField
        label="Server"
        value={request.server}
        options={SERVERS}
        onChange={(server) => set({ server })}
      />
      <Button
        onClick={() => onChange(removeRequest(scenario, index))}
        disabled={scenario.requests.length <= 1}
      >
        Remove {request.id}
      </Button>
    </li>
  )
}

function FaultEditor({
  scenario,
  fault,
  index,
  onChange,
}: {
  scenario: Scenario
  fault: ScenarioFault
  index: number
  onChange: (s: Scenario) => void
}) {
  const set = (next: ScenarioFault) => onChange(updateFault(scenario, index, next))
  const requests = scenario.requests.map((r) => ({ value: r.id, label: r.id }))
  const title = FAULT_KINDS.find((k) => k.value === fault.kind)?.label ?? fault.kind
  return (
    <li className="flex flex-wrap items-end gap-2 border-b border-zinc-200 pb-2 dark:border-zinc-800">
      <p className="w-full text-xs font-semibold">
        Fault {index + 1}: {title}
      </p>
      {fault.kind === 'drop-response' && (
        <SelectField
          label="Response of"
          value={fault.requestId}
          options={requests}
          onChange={(requestId) => set({ ...fault, requestId })}
        />
      )}
      {fault.kind === 'crash' && (
        <>
          <SelectField
            label="Crash at step"
            value={fault.step}
            options={CRASH_POINT_OPTIONS}
            onChange={(step) => set({ ...fault, step })}
          />
          <SelectField
            label="Of request"
            value={fault.requestId ?? ''}
            options={[{ value: '', label: 'any' }, ...requests]}
            onChange={(requestId) => set({ ...fault, requestId: requestId === '' ? undefined : requestId })}
          />
          <SelectField
            label="Server"
            value={fault.server}
            options={SERVERS}
            onChange={(server) => set({ ...fault, server })}
          />
          <NumberField
            label="Dies after (ms)"
            value={fault.afterMs}
            onChange={(afterMs) => set({ ...fault, afterMs })}
          />
          <NumberField
            label="Restarts after (ms)"
            value={fault.restartAfterMs}
            onChange={(restartAfterMs) => set({ ...fault, restartAfterMs })}
            width="w-28"
          />
        </>
      )}
      {fault.kind === 'provider' && (
        <>
          <SelectField
            label="Charge of"
            value={fault.requestId}
            options={requests}
            onChange={(requestId) => set({ ...fault, requestId })}
          />
          <SelectField
            label="Behaviour"
            value={fault.behaviour}
            options={BEHAVIOURS}
            onChange={(behaviour) => set({ ...fault, behaviour })}
          />
        </>
      )}
      {fault.kind === 'clock-jump' && (
        <>
          <NumberField
            label="At (ms)"
            value={fault.atMs}
            onChange={(atMs) => set({ ...fault, atMs })}
            width="w-28"
          />
          <NumberField
            label="Jump by (ms)"
            value={fault.byMs}
            min={1}
            onChange={(byMs) => set({ ...fault, byMs })}
            width="w-32"
          />
        </>
      )}
      <Button onClick={() => onChange(removeFault(scenario, index))}>Remove fault {index + 1}</Button>
    </li>
  )
}

/** The sweeps the schedule runs (SWEEP_OPTIONS), each at its time: add, change, remove. */
function SweepsEditor({ scenario, onChange }: { scenario: Scenario; onChange: (s: Scenario) => void }) {
  const setSweep = (index: number, sweep: ScenarioSweep) =>
    onChange({ ...scenario, sweeps: scenario.sweeps.map((s, i) => (i === index ? sweep : s)) })
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>Sweeps</legend>
      <ul className="space-y-2">
        {scenario.sweeps.map((sweep, index) => (
          <li key={rowKey('sweep', index)} className="flex flex-wrap items-end gap-2">
            <SelectField
              label={`Sweep ${index + 1}`}
              value={sweep.sweep}
              options={SWEEP_OPTIONS}
              onChange={(kind) => setSweep(index, { ...sweep, sweep: kind })}
            />
            <NumberField
              label="At (ms)"
              value={sweep.atMs}
              onChange={(atMs) => setSweep(index, { ...sweep, atMs })}
              width="w-32"
            />
            <Button
              onClick={() => onChange({ ...scenario, sweeps: scenario.sweeps.filter((_, i) => i !== index) })}
            >
              Remove sweep {index + 1}
            </Button>
          </li>
        ))}
      </ul>
      <Button
        className="mt-2"
        onClick={() =>
          onChange({
            ...scenario,
            sweeps: [...scenario.sweeps, { atMs: 60_000, sweep: 'reconciliation' }],
          })
        }
      >
        Add a sweep
      </Button>
    </fieldset>
  )
}

/** The engine's timings, the first payment id and the seed. */
function TimingEditor({ scenario, onChange }: { scenario: Scenario; onChange: (s: Scenario) => void }) {
  const setTiming = (patch: Partial<Scenario['timing']>) =>
    onChange({ ...scenario, timing: { ...scenario.timing, ...patch } })
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>Timing and seed</legend>
      <div className="flex flex-wrap gap-3">
        <NumberField
          label="Claim commit (ms)"
          value={scenario.timing.claimMs}
          onChange={(claimMs) => setTiming({ claimMs })}
        />
        <NumberField
          label="Provider (ms)"
          value={scenario.timing.providerMs}
          onChange={(providerMs) => setTiming({ providerMs })}
        />
        <NumberField
          label="Slow provider (ms)"
          value={scenario.timing.slowProviderMs}
          onChange={(slowProviderMs) => setTiming({ slowProviderMs })}
        />
        <NumberField
          label="Provider call timeout (ms)"
          value={scenario.timing.providerTimeoutMs}
          onChange={(providerTimeoutMs) => setTiming({ providerTimeoutMs })}
        />
        <NumberField
          label="Network (ms)"
          value={scenario.timing.networkMs}
          onChange={(networkMs) => setTiming({ networkMs })}
        />
        <NumberField
          label="First payment id"
          value={scenario.firstPaymentId}
          min={1}
          onChange={(firstPaymentId) => onChange({ ...scenario, firstPaymentId })}
        />
        <NumberField
          label="Seed"
          value={scenario.seed}
          onChange={(seed) => onChange({ ...scenario, seed })}
          width="w-32"
        />
      </div>
    </fieldset>
  )
}

export function ScheduleEditor({
  scenario,
  onChange,
}: {
  scenario: Scenario
  onChange: (s: Scenario) => void
}) {
  return (
    <div className="space-y-4 p-3 pt-0">
      <fieldset className={fieldset}>
        <legend className={legend}>Requests</legend>
        <ul className="space-y-2">
          {scenario.requests.map((request, index) => (
            <RequestEditor
              key={rowKey('request', index)}
              scenario={scenario}
              request={request}
              index={index}
              onChange={onChange}
            />
          ))}
        </ul>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button onClick={() => onChange(addRequest(scenario))}>Add a request</Button>
          <Button onClick={() => onChange(addRetry(scenario))}>Add a retry</Button>
        </div>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>Faults</legend>
        {scenario.faults.length === 0 && (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">No faults.</p>
        )}
        <ul className="space-y-2">
          {scenario.faults.map((fault, index) => (
            <FaultEditor
              key={rowKey('fault', index)}
              scenario={scenario}
              fault={fault}
              index={index}
              onChange={onChange}
            />
          ))}
        </ul>
        <div className="mt-2 flex flex-wrap gap-2">
          {FAULT_KINDS.map((kind) => (
            <Button
              key={kind.value}
              onClick={() =>
                onChange({
                  ...scenario,
                  faults: [...scenario.faults, defaultFault(kind.value, scenario)],
                })
              }
            >
              Add: {kind.label.toLowerCase()}
            </Button>
          ))}
        </div>
      </fieldset>

      <SweepsEditor scenario={scenario} onChange={onChange} />
      <TimingEditor scenario={scenario} onChange={onChange} />
    </div>
  )
}
