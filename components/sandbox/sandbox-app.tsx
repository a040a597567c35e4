'use client'
// The simulator tab: builder → Run / Compare → timeline, charge count and verdicts;
// the run lives in the URL after every run (Share), and can be exported or fuzzed (Chaos).
// No lost input: an answer never overwrites an edit made while its request was in flight
// (the result is shown, marked stale against the builder), and a new Run or Compare
// supersedes a pending one (its late answer is dropped).
import { Suspense, useRef, useState } from 'react'
import { TimelinePlayer } from '@/components/timeline/timeline-player'
import type { Scenario } from '@/lib/engine/client'
import { configLabel, withOrderFlipped } from '@/lib/sandbox/builder'
import type { CompareRuns, SandboxRun } from '@/lib/sandbox/types'
import { Button } from '../ui/button'
import { compareApi, runScenarioApi } from './api'
import { Builder } from './builder'
import { ChaosPanel } from './chaos-panel'
import { ShareExport } from './share-export'

function outcome(run: SandboxRun): string {
  const charges = `${run.trace.charges} charge${run.trace.charges === 1 ? '' : 's'}`
  return run.violations.length === 0
    ? `${charges}, no invariant broken`
    : `${charges}, broken: ${run.violations.map((v) => v.id).join(', ')}`
}

function describeRun(run: SandboxRun): string {
  const last = run.trace.events.at(-1)
  return `${run.trace.events.length} events on the lanes ${run.trace.actors.map((a) => a.label).join(', ')}; ${
    run.trace.charges
  } charge${run.trace.charges === 1 ? '' : 's'} in the provider's ledger; ${
    run.violations.length === 0
      ? 'no invariant broken'
      : `broken: ${run.violations.map((v) => v.id).join(', ')}`
  }${last ? `; last event: ${last.detail}` : ''}.`
}

export function SandboxApp({ initial }: { initial: SandboxRun }) {
  const [scenario, setScenario] = useState<Scenario>(initial.scenario)
  const [run, setRun] = useState<SandboxRun>(initial)
  const [compare, setCompare] = useState<CompareRuns | null>(null)
  const [busy, setBusy] = useState<'run' | 'compare' | null>(null)
  const [error, setError] = useState<string | null>(null)
  // Said after a Run or Compare (not on first load), so a screen reader hears the outcome.
  const [status, setStatus] = useState<string | null>(null)
  // The request whose answer may still be shown; an older one is superseded and aborted.
  const pending = useRef<{ id: number; abort: AbortController } | null>(null)
  const requests = useRef(0)
  const dirty = scenario !== run.scenario

  /** Shows a run. `sent` is the builder's scenario the request carried: the builder takes the
   * server's copy only if it still holds exactly that, so edits made meanwhile survive. */
  const showRun = (next: SandboxRun, sent: Scenario | 'replace') => {
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
    const result = await latest('compare', (signal) => compareApi(sent, withOrderFlipped(sent), signal))
    if (!result) return
    if (!result.ok) return setError(result.message)
    setCompare(result.value)
    showRun(result.value.runs[0], sent)
    setStatus(`Compared: ${result.value.summary}.`)
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="builder-title" className="space-y-3">
        <h2 id="builder-title" className="text-xl font-semibold">
          Builder: {scenario.title}
        </h2>
        {scenario.description && (
          <p className="max-w-3xl text-sm text-zinc-700 dark:text-zinc-300">{scenario.description}</p>
        )}
        {/* Separate Suspense boundaries: hydrated in small, interruptible chunks. */}
        <Suspense>
          <Builder scenario={scenario} onChange={setScenario} />
        </Suspense>
        <p className="max-w-3xl text-sm text-zinc-700 dark:text-zinc-300">
          <strong>Run</strong> plays this schedule on the engine as configured above. <strong>Compare</strong>{' '}
          plays it twice, side by side: as built and with the insert/charge order flipped.
        </p>
        {/* Stays in reach while the builder scrolls; opaque, so nothing shows through it. */}
        <div
          data-sticky-actions
          className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-zinc-300 bg-zinc-50 px-1 py-2 shadow-[0_-4px_8px_-6px_rgb(0_0_0/0.25)] dark:border-zinc-700 dark:bg-zinc-950 dark:shadow-[0_-4px_8px_-6px_rgb(0_0_0/0.8)]"
        >
          {/* Usable while a request is pending: pressing again supersedes it with the builder as it is now. */}
          <Button variant="primary" waitsForHydration onClick={onRun} aria-busy={busy === 'run'}>
            Run
          </Button>
          <Button waitsForHydration onClick={onCompare} aria-busy={busy === 'compare'}>
            Compare
          </Button>
          <div aria-live="polite" className="min-w-0 flex-1 basis-48 text-sm">
            {busy && (
              <p className="text-zinc-700 dark:text-zinc-300" data-testid="sandbox-pending">
                {busy === 'run' ? 'Running…' : 'Comparing…'}
              </p>
            )}
            {error && (
              <p
                role="alert"
                className="rounded border border-red-300 bg-red-50 p-2 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
              >
                {error}
              </p>
            )}
            {dirty && !error && !busy && (
              <p className="text-zinc-700 dark:text-zinc-300">Edited: press Run to see the new timeline.</p>
            )}
            {!dirty && !error && !busy && status && (
              <p className="text-zinc-700 dark:text-zinc-300">{status}</p>
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="result-title" className="space-y-3">
        <div>
          <h2 id="result-title" className="text-xl font-semibold">
            Result: {outcome(run)}
          </h2>
          {dirty && (
            <p
              data-testid="result-stale"
              className="mt-1 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
            >
              Stale: this result is from the engine config and schedule below, not from the builder as edited
              since. Press Run to see the edited one.
            </p>
          )}
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Engine: {configLabel(run.scenario)} · schedule: {run.scenario.title} (
            <span className="font-mono">{run.scenario.id}</span>)
          </p>
        </div>
        {run.notes.length > 0 && (
          <ul className="space-y-1 text-sm">
            {run.notes.map((note) => (
              <li
                key={`${note.eventIndex}-${note.message}`}
                className="rounded bg-sky-50 p-2 text-sky-950 dark:bg-sky-950 dark:text-sky-100"
              >
                Note: {note.message}
              </li>
            ))}
          </ul>
        )}
        <TimelinePlayer
          trace={run.trace}
          violations={run.violations}
          title={`Timeline of ${run.scenario.id}`}
          description={describeRun(run)}
          withTestIds
        />
        <ShareExport share={run.share} scenarioId={run.scenario.id} />
      </section>

      {compare && (
        <section aria-labelledby="compare-title" className="space-y-3">
          <h2 id="compare-title" className="text-xl font-semibold">
            Compare: {compare.summary}
          </h2>
          <div className="grid gap-6 xl:grid-cols-2">
            {compare.runs.map((side) => (
              <div key={side.label} className="min-w-0 space-y-2">
                <h3 className="font-semibold">{side.label}</h3>
                <TimelinePlayer
                  trace={side.trace}
                  violations={side.violations}
                  title={`Compare ${side.label}`}
                  description={describeRun(side)}
                />
              </div>
            ))}
          </div>
        </section>
      )}

      <Suspense>
        <ChaosPanel
          config={scenario.config}
          onLoad={(shrunk) => {
            setCompare(null)
            showRun(shrunk, 'replace')
          }}
        />
      </Suspense>
    </div>
  )
}
