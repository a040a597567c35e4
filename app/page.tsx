import Link from 'next/link'
import { sqlite } from '@/db/client'
import { allCards } from '@/lib/content/cards'
import { currentLearnerId } from '@/lib/learner'

export const dynamic = 'force-dynamic'

export default async function DashboardPage() {
  const learnerId = await currentLearnerId()
  const cards = allCards()
  const row = sqlite()
    .prepare('SELECT count(*) AS n FROM review_logs WHERE learner_id = ?')
    .get(learnerId) as {
    n: number
  }
  return (
    <section aria-labelledby="dashboard-title" className="space-y-4">
      <h1 id="dashboard-title" className="text-2xl font-bold">
        Today
      </h1>
      <p>
        {cards.length} cards in the deck · {row.n} reviews so far
      </p>
      <Link
        href="/review"
        className="inline-block rounded-lg bg-zinc-900 px-4 py-2 font-semibold text-white dark:bg-zinc-100 dark:text-zinc-900"
      >
        Start review
      </Link>
    </section>
  )
}
