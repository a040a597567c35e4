'use client'
// The simulator tab: builder → Run / Compare → timeline, charge count and verdicts;
// the run lives in the URL after every run (Share), and can be exported or fuzzed (Chaos).
import { Suspense, useState } from 'react'
import { TimelinePlayer } from '@/components/timeline/timeline-player'
import type { Scenario } from '@/lib/engine'
import { configLabel, withOrderFlipped } from '@/lib/sandbox/builder'
import type { CompareRuns, SandboxRun } from '@/lib/sandbox/types'
import { compareApi, runScenarioApi } from './api'
import { Builder } from './builder'
import { ChaosPanel } from './chaos-panel'
import { buttonClass, primaryButtonClass } from './fields'
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
  const dirty = scenario !== run.scenario

  const showRun = (next: SandboxRun) => {
    setRun(next)
    setScenario(next.scenario)
    // The whole scenario lives in the URL after every run.
    window.history.replaceState(null, '', `/sandbox?s=${next.share}`)
  }

  const onRun = async () => {
    setBusy('run')
    setError(null)
    const result = await runScenarioApi(scenario)
    setBusy(null)
    if (!result.ok) return setError(result.message)
    setCompare(null)
    showRun(result.value)
    setStatus(`Ran ${result.value.scenario.id}: ${outcome(result.value)}.`)
  }

  const onCompare = async () => {
    setBusy('compare')
    setError(null)
    const result = await compareApi(scenario, withOrderFlipped(scenario))
    setBusy(null)
    if (!result.ok) return setError(result.message)
    setCompare(result.value)
    showRun(result.value.runs[0])
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
          <button type="button" className={primaryButtonClass} onClick={onRun} disabled={busy !== null}>
            {busy === 'run' ? 'Running…' : 'Run'}
          </button>
          <button type="button" className={buttonClass} onClick={onCompare} disabled={busy !== null}>
            {busy === 'compare' ? 'Comparing…' : 'Compare'}
          </button>
          <div aria-live="polite" className="min-w-0 flex-1 basis-48 text-sm">
            {error && (
              <p
                role="alert"
                className="rounded border border-red-300 bg-red-50 p-2 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
              >
                {error}
              </p>
            )}
            {dirty && !error && (
              <p className="text-zinc-700 dark:text-zinc-300">Edited: press Run to see the new timeline.</p>
            )}
            {!dirty && !error && status && <p className="text-zinc-700 dark:text-zinc-300">{status}</p>}
          </div>
        </div>
      </section>

      <section aria-labelledby="result-title" className="space-y-3">
        <div>
          <h2 id="result-title" className="text-xl font-semibold">
            Result: {outcome(run)}
          </h2>
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
            showRun(shrunk)
          }}
        />
      </Suspense>
    </div>
  )
}
