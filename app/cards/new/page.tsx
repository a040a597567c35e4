import type { Metadata } from 'next'
import Link from 'next/link'
import { CardForm } from '@/components/own-cards/card-form'
import { ownDeckNames } from '@/lib/review'
import { studyContext } from '@/lib/study-context'

export const metadata: Metadata = { title: 'Write a card' }
export const dynamic = 'force-dynamic'

export default async function NewCardPage() {
  const { db, learnerId } = await studyContext()
  const deckNames = await ownDeckNames(db, learnerId)
  return (
    <section aria-labelledby="new-card-title" className="space-y-6">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        <Link href="/cards" className="underline">
          Cards
        </Link>{' '}
        / new
      </p>
      <h1 id="new-card-title" className="text-2xl font-bold">
        Write a card
      </h1>
      <p className="max-w-2xl text-zinc-700 dark:text-zinc-300">
        A system-design question you are preparing, and the points a strong spoken answer makes. It joins your
        reviews in its deck, graded with the same rubric as the built-in cards. Only you can see it.
      </p>
      <CardForm deckNames={deckNames} />
    </section>
  )
}
