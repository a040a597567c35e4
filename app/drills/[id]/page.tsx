import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { DrillRunner } from '@/components/drills/drill-runner'
import { HydratesApart } from '@/components/hydrates-apart'
import { drillRoundView } from '@/lib/drills/present'

export async function generateMetadata({ params }: PageProps<'/drills/[id]'>): Promise<Metadata> {
  const { id } = await params
  return { title: `Drill: ${id}` }
}

/** `?round=N` asks the Nth sitting (other steps, variants and option order). */
function roundOf(value: string | string[] | undefined): number {
  const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number.parseInt(value, 10) : 0
  return n
}

export default async function DrillPage({ params, searchParams }: PageProps<'/drills/[id]'>) {
  const { id } = await params
  const round = roundOf((await searchParams).round)
  const view = await drillRoundView(id, round)
  if (!view) notFound()
  return (
    <article aria-labelledby="drill-title" className="space-y-6">
      <header>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          <Link href="/cards#timeline-drills" className="underline">
            Timeline drills
          </Link>{' '}
          / {id}
        </p>
        <h1 id="drill-title" className="mt-1 text-2xl font-bold">
          Drill: {view.title}
        </h1>
        <p className="mt-2 max-w-3xl text-zinc-700 dark:text-zinc-300">
          Predict what the server does next, or spot the bug. Every answer comes from a run of the real
          engine.
        </p>
      </header>
      <HydratesApart>
        <DrillRunner key={`${id}-${round}`} questions={view.questions} title={id} />
      </HydratesApart>
      <p className="text-sm">
        <Link className="underline" href={`/drills/${id}?round=${round + 1}`}>
          Another round
        </Link>{' '}
        ·{' '}
        <Link className="underline" href={`/sandbox?scenario=${id}`}>
          Open {id} in the sandbox
        </Link>
      </p>
    </article>
  )
}
