'use client'
// The run on show (heading, stale mark, engine line, notes, timeline, Share/Export) and a
// comparison's two timelines side by side.
import { TimelinePlayer } from '@/components/timeline/timeline-player'
import type { AnyScenario } from '@/lib/engine/client'
import { configLabelOf } from '@/lib/sandbox/labels'
import type { AnySandboxRun, CompareRuns } from '@/lib/sandbox/types'
import { describeRun, outcome } from './run-summary'
import { ShareExport } from './share-export'

export function RunResult({ run, dirty }: { run: AnySandboxRun; dirty: boolean }) {
  return (
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
          Engine: {configLabelOf(run.scenario)} · schedule: {run.scenario.title} (
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
  )
}

export function CompareResult({ compare }: { compare: CompareRuns<AnyScenario> }) {
  return (
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
  )
}
