// The "Timeline drills" section of /cards: one link per canonical scenario's drill.
import 'server-only'
import Link from 'next/link'
import { allDrills } from '@/lib/drills/catalogue'

export async function DrillList() {
  const drills = await allDrills()
  return (
    <section id="timeline-drills" aria-labelledby="timeline-drills-title">
      <h2 id="timeline-drills-title" className="text-xl font-bold">
        Timeline drills
      </h2>
      <p className="mt-2 max-w-2xl text-zinc-700 dark:text-zinc-300">
        Predict what the server does next on a timeline, or spot the step where a flawed engine breaks an
        invariant. The questions come from runs of the real engine.
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {drills.map((drill) => (
          <li key={drill.scenarioId}>
            <Link
              href={`/drills/${drill.scenarioId}`}
              className="block h-full rounded-xl border border-zinc-200 bg-white p-4 hover:border-zinc-400 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-600"
            >
              <span className="block font-semibold">{drill.title}</span>
              <span className="mt-1 block font-mono text-xs text-zinc-600 dark:text-zinc-400">
                /drills/{drill.scenarioId}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
