'use client'
// The simulator tab's state: the builder's scenario, the run on show, a comparison, and the
// one request that may still answer. No lost input: an answer never overwrites an edit made
// while its request was in flight (the result is shown, marked stale against the builder),
// and a new Run or Compare supersedes a pending one (its late answer is dropped).
import { useRef, useState } from 'react'
import type { AnyScenario } from '@/lib/engine/client'
import type { CompareRuns, SandboxRun } from '@/lib/sandbox/types'
import { compareApi, runScenarioApi } from './api'
import { outcome } from './run-summary'

export type SandboxBusy = 'run' | 'compare' | null

/** `flip` makes Compare's other side: the insert/charge order for payments, fencing for leases. */
export function useSandboxRuns<S extends AnyScenario>(initial: SandboxRun<S>, flip: (scenario: S) => S) {
  const [scenario, setScenario] = useState<S>(initial.scenario)
  const [run, setRun] = useState<SandboxRun<S>>(initial)
  const [compare, setCompare] = useState<CompareRuns<S> | null>(null)
  const [busy, setBusy] = useState<SandboxBusy>(null)
  const [error, setError] = useState<string | null>(null)
  // Said after a Run or Compare (not on first load), so a screen reader hears the outcome.
  const [status, setStatus] = useState<string | null>(null)
  // The request whose answer may still be shown; an older one is superseded and aborted.
  const pending = useRef<{ id: number; abort: AbortController } | null>(null)
  const requests = useRef(0)

  /** Shows a run. `sent` is the builder's scenario the request carried: the builder takes the
   * server's copy only if it still holds exactly that, so edits made meanwhile survive. */
  const showRun = (next: SandboxRun<S>, sent: S | 'replace') => {
    setRun(next)
    setScenario((current) => (sent === 'replace' || current === sent ? next.scenario : current))
    // The whole scenario lives in the URL after every run.
    window.history.replaceState(null, '', `/sandbox?s=${next.share}`)
  }

  /** Starts a request that supersedes any pending one; resolves to null if it was superseded itself. */
  async function latest<T>(kind: 'run' | 'compare', call: (signal: AbortSignal) => Promise<T>) {
    pending.current?.abort.abort()
    const mine = { id: ++requests.current, abort: new AbortController() }
    pending.current = mine
    setBusy(kind)
    setError(null)
    const result = await call(mine.abort.signal)
    if (pending.current?.id !== mine.id) return null
    pending.current = null
    setBusy(null)
    return result
  }

  const onRun = async () => {
    const sent = scenario
    const result = await latest('run', (signal) => runScenarioApi(sent, signal))
    if (!result) return
    if (!result.ok) return setError(result.message)
    setCompare(null)
    showRun(result.value, sent)
    setStatus(`Ran ${result.value.scenario.id}: ${outcome(result.value)}.`)
  }

  const onCompare = async () => {
    const sent = scenario
    const result = await latest('compare', (signal) => compareApi(sent, flip(sent), signal))
    if (!result) return
    if (!result.ok) return setError(result.message)
    setCompare(result.value)
    showRun(result.value.runs[0], sent)
    setStatus(`Compared: ${result.value.summary}.`)
  }

  /** A run found elsewhere (Chaos's shrunk counterexample) replaces the builder and the result. */
  const onLoad = (found: SandboxRun<S>) => {
    setCompare(null)
    showRun(found, 'replace')
  }

  return {
    scenario,
    setScenario,
    run,
    compare,
    busy,
    error,
    status,
    dirty: scenario !== run.scenario,
    onRun,
    onCompare,
    onLoad,
  }
}
