'use client'
// The simulator tab for a lease scenario: the lease builder → Run / Compare → the lease
// timeline (lock service, clients, storage), the verdicts L1–L3; share, export and chaos as
// for payments. Compare flips the storage's fencing. State: use-sandbox-runs.ts.
import type { LeaseScenario } from '@/lib/engine/client'
import { withFencingFlipped } from '@/lib/sandbox/lease-builder'
import type { SandboxRun } from '@/lib/sandbox/types'
import { WhenSeen } from '../when-seen'
import { ChaosPanel } from './chaos-panel'
import { LeaseBuilder } from './lease-builder'
import { RunActions } from './run-actions'
import { CompareResult, RunResult } from './run-result'
import { useSandboxRuns } from './use-sandbox-runs'

export function LeaseSandboxApp({ initial }: { initial: SandboxRun<LeaseScenario> }) {
  const runs = useSandboxRuns(initial, withFencingFlipped)
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
        <LeaseBuilder scenario={scenario} onChange={runs.setScenario} />
        <p className="max-w-3xl text-sm text-zinc-700 dark:text-zinc-300">
          <strong>Run</strong> plays this schedule on the lock service, the clients and the storage as
          configured above. <strong>Compare</strong> plays it twice, side by side: as built and with the
          storage&apos;s fencing-token check flipped.
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

      <WhenSeen>
        <ChaosPanel protocol="lease" config={{ flaws: scenario.config.flaws }} onLoad={runs.onLoad} />
      </WhenSeen>
    </div>
  )
}
