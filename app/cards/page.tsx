import type { Metadata } from 'next'
import Link from 'next/link'
import { DrillList } from '@/components/drills/drill-list'
import { allCards } from '@/lib/content/cards'

export const metadata: Metadata = { title: 'Cards' }

export default function CardsPage() {
  const cards = allCards()
  return (
    <section aria-labelledby="cards-title">
      <h1 id="cards-title" className="text-2xl font-bold">
        Cards
      </h1>
      <p className="mt-2 max-w-2xl text-zinc-700 dark:text-zinc-300">
        One main question and the follow-ups an interviewer asks next. Each card lists the points a strong
        answer makes.
      </p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {cards.map((card) => (
          <li key={card.id}>
            <Link
              href={`/cards/${card.id}`}
              className="block h-full rounded-xl border border-zinc-200 bg-white p-4 hover:border-zinc-400 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-600"
            >
              <span className="block font-semibold">{card.title}</span>
              <span className="mt-1 block text-sm text-zinc-700 dark:text-zinc-300">{card.prompt}</span>
              <span className="mt-2 block text-xs text-zinc-600 dark:text-zinc-400">
                {card.points.length} points{card.order === 0 ? ' · main card' : ' · follow-up'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <DrillList />
    </section>
  )
}
