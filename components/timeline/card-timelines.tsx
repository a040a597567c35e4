// A card's timelines, drawn from real engine traces of its canonical scenarios. Runs the
// simulator on the server; only the player is a client leaf.
import 'server-only'
import { type AnyViolation, anyScenarioById, clockLabel } from '@/lib/engine'
import { runForSandbox } from '@/lib/sandbox/run'
import { traceOutcome } from './model'
import { TimelinePlayer } from './timeline-player'

// Card pages render per request (each needs its own CSP nonce), but a canonical scenario's
// run is a pure function of the scenario file (virtual time, fixed seed): the sandbox's run
// cache keeps it for the process — the same run the sandbox shows for that preset — and
// the server builds it before it starts listening (scripts/server.ts).

export async function CardTimelines({ scenarioIds }: { scenarioIds: string[] }) {
  if (scenarioIds.length === 0) return null
  const runs = await Promise.all(
    scenarioIds.map(async (id) => {
      const scenario = anyScenarioById(id)
      return scenario
        ? { id, scenario, result: await runForSandbox(scenario) }
        : { id, scenario: undefined, result: undefined }
    }),
  )

  return (
    <div className="space-y-10">
      {runs.map(({ id, scenario, result }) => {
        if (!scenario || !result) {
          return (
            <p key={id} className="text-sm text-zinc-700 dark:text-zinc-300">
              The scenario {id} is not in content/scenarios.
            </p>
          )
        }
        const { trace, violations } = result
        const last = trace.events.at(-1)
        const description = `${scenario.title}. ${trace.events.length} events from ${trace.clockStart} to ${clockLabel(
          trace.clockStart,
          last?.tMs ?? 0,
        )}; ${traceOutcome(trace)}; ${
          violations.length === 0
            ? 'no invariant broken'
            : `broken: ${violations.map((v) => v.id).join(', ')}`
        }. The event log below lists every step as text.`
        return (
          <section key={id} aria-labelledby={`timeline-${id}`} className="space-y-2">
            <h3 id={`timeline-${id}`} className="text-lg font-semibold">
              {scenario.title} <span className="font-mono text-sm font-normal">({id})</span>
            </h3>
            {scenario.description && (
              <p className="max-w-3xl text-sm text-zinc-700 dark:text-zinc-300">{scenario.description}</p>
            )}
            <TimelinePlayer
              trace={trace}
              violations={violations.map(
                (v) =>
                  ({ id: v.id, name: v.name, message: v.message, eventIndex: v.eventIndex }) as AnyViolation,
              )}
              title={`Timeline of ${id}`}
              description={description}
            />
            <p className="text-sm">
              <a className="underline" href={`/sandbox?scenario=${id}`}>
                Open {id} in the sandbox
              </a>
            </p>
          </section>
        )
      })}
    </div>
  )
}
