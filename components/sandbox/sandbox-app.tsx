'use client'
// The simulator tab: builder → Run / Compare → timeline, charge count and verdicts;
// the run lives in the URL after every run (Share), and can be exported or fuzzed (Chaos).
// The state and its no-lost-input rules are in use-sandbox-runs.ts.
import { Suspense } from 'react'
import { withOrderFlipped } from '@/lib/sandbox/builder'
import type { SandboxRun } from '@/lib/sandbox/types'
import { WhenSeen } from '../when-seen'
import { Builder } from './builder'
import { ChaosPanel } from './chaos-panel'
import { RunActions } from './run-actions'
import { CompareResult, RunResult } from './run-result'
import { useSandboxRuns } from './use-sandbox-runs'

export function SandboxApp({ initial }: { initial: SandboxRun }) {
  const runs = useSandboxRuns(initial, withOrderFlipped)
  const { scenario } = runs

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
          <Builder scenario={scenario} onChange={runs.setScenario} />
        </Suspense>
        <p className="max-w-3xl text-sm text-zinc-700 dark:text-zinc-300">
          <strong>Run</strong> plays this schedule on the engine as configured above. <strong>Compare</strong>{' '}
          plays it twice, side by side: as built and with the insert/charge order flipped.
        </p>
        <RunActions
          busy={runs.busy}
          error={runs.error}
          dirty={runs.dirty}
          status={runs.status}
          onRun={runs.onRun}
          onCompare={runs.onCompare}
        />
      </section>

      <RunResult run={runs.run} dirty={runs.dirty} />
      {runs.compare && <CompareResult compare={runs.compare} />}

      {/* Below the run: hydrated when seen (its markup does not depend on the config it runs). */}
      <WhenSeen>
        <ChaosPanel config={scenario.config} onLoad={runs.onLoad} />
      </WhenSeen>
    </div>
  )
}
