'use client'
// Chaos: random schedules from a shown seed, run in batches on the server with progress.
// The first one that breaks an invariant comes back shrunk to a minimal failing schedule,
// offered as a challenge.
import { useRef, useState } from 'react'
import { useHydrated } from '@/components/use-hydrated'
import { type AnyScenario, isLeaseScenario, type LeaseConfig, type Scenario } from '@/lib/engine/client'
import type { ChaosFailure, SandboxRun } from '@/lib/sandbox/types'
import { Button } from '../ui/button'
import { NumberField } from '../ui/fields'
import { type ChaosInput, chaosApi } from './api'

const BATCH = 50

/** 'I8 (one key, one intent) ×6 and I3 (conservation) ×4': each invariant once, however often it broke. */
function brokenInvariants(failure: ChaosFailure<AnyScenario>): string {
  const counts = new Map<string, number>()
  for (const v of failure.violations) {
    const label = `${v.id} (${v.name})`
    counts.set(label, (counts.get(label) ?? 0) + 1)
  }
  const parts = [...counts].map(([label, n]) => (n === 1 ? label : `${label} ×${n}`))
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

/** What the schedules run on: the builder's payment config, or its lease switches. */
export type ChaosConfig =
  | { protocol?: 'payments'; config: Scenario['config'] }
  | { protocol: 'lease'; config: Partial<LeaseConfig> }

/** A shrunk schedule's size: its requests (payments) or its clients (leases). */
function parts(scenario: AnyScenario): [number, string] {
  return isLeaseScenario(scenario)
    ? [scenario.clients.length, 'clients']
    : [scenario.requests.length, 'requests']
}

export function ChaosPanel<S extends AnyScenario>({
  config,
  protocol,
  onLoad,
}: ChaosConfig & { onLoad: (run: SandboxRun<S>) => void }) {
  const [seed, setSeed] = useState(1)
  const hydrated = useHydrated()
  const [total, setTotal] = useState(500)
  const [done, setDone] = useState(0)
  const [running, setRunning] = useState(false)
  const [failure, setFailure] = useState<ChaosFailure<S> | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const stop = useRef(false)

  const start = async () => {
    stop.current = false
    setRunning(true)
    setFailure(null)
    setMessage(null)
    setDone(0)
    let from = 0
    while (from < total && !stop.current) {
      const count = Math.min(BATCH, total - from)
      const result = await chaosApi<S>({ seed, from, count, config, protocol } as ChaosInput)
      if (!result.ok) {
        setMessage(result.message)
        break
      }
      from += result.value.ran
      setDone(from)
      if (result.value.failure) {
        setFailure(result.value.failure)
        break
      }
      if (result.value.ran === 0) break
    }
    if (from >= total && !stop.current)
      setMessage(`No invariant broken in ${total} schedules from seed ${seed}.`)
    setRunning(false)
  }

  return (
    <section
      aria-labelledby="chaos-title"
      className="space-y-3 rounded border border-zinc-300 p-3 dark:border-zinc-700"
    >
      <h2 id="chaos-title" className="text-xl font-semibold">
        Chaos
      </h2>
      <p className="max-w-3xl text-sm text-zinc-700 dark:text-zinc-300">
        {protocol === 'lease'
          ? 'Runs random lease schedules (clients, pauses, crashes, delayed messages, drifting clocks) on the switches above. The correct design should survive all of them; switch a flaw on to watch chaos find it.'
          : 'Runs random schedules (requests, retries, crashes, lost responses, provider trouble) on the engine config above. The correct engine should survive all of them; switch a flaw on to watch chaos find it.'}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <NumberField label="Chaos seed" value={seed} onChange={setSeed} width="w-32" />
        <NumberField label="Schedules" value={total} min={1} max={5000} onChange={setTotal} width="w-28" />
        {running ? (
          <Button
            onClick={() => {
              stop.current = true
            }}
          >
            Stop chaos
          </Button>
        ) : (
          <Button variant="primary" onClick={start} disabled={!hydrated}>
            Start chaos
          </Button>
        )}
        <div className="flex flex-col gap-1 text-sm">
          <progress
            aria-label="Chaos progress"
            value={done}
            max={total}
            className="w-48 accent-sky-700 dark:accent-sky-400"
          />
          <span aria-live="polite">
            {done} of {total} schedules from seed {seed}
          </span>
        </div>
      </div>
      {message && <p className="text-sm">{message}</p>}
      {failure && (
        <div className="space-y-2 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p>
            The schedule from seed <strong>{failure.seed}</strong> broke {brokenInvariants(failure)}. Shrunk
            from {failure.original.requests} {parts(failure.shrunk.scenario)[1]} and {failure.original.faults}{' '}
            faults to {parts(failure.shrunk.scenario)[0]} {parts(failure.shrunk.scenario)[1]} and{' '}
            {failure.shrunk.scenario.faults.length} faults ({failure.shrinkTries} tries).
          </p>
          <p className="font-semibold">Challenge: find the fault that causes this.</p>
          <Button onClick={() => onLoad(failure.shrunk)}>Load the minimal schedule</Button>
        </div>
      )}
    </section>
  )
}
