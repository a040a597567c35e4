import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { CardForm } from '@/components/own-cards/card-form'
import { ownCardQueries } from '@/db/queries/own-cards'
import { ownDeckNames } from '@/lib/review'
import { studyContext } from '@/lib/study-context'

export const metadata: Metadata = { title: 'Edit card' }
export const dynamic = 'force-dynamic'

export default async function EditCardPage({ params }: PageProps<'/cards/[id]/edit'>) {
  const { id } = await params
  const { db, learnerId } = await studyContext()
  // Only the learner's own cards can be edited; anyone else's (or a built-in card) is not found.
  const card = await ownCardQueries(db).getOwnCardByLearnerAndId({ learnerId, cardId: id })
  if (!card) notFound()
  const deckNames = await ownDeckNames(db, learnerId)
  return (
    <section aria-labelledby="edit-card-title" className="space-y-6">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        <Link href="/cards" className="underline">
          Cards
        </Link>{' '}
        /{' '}
        <Link href={`/cards/${card.id}`} className="underline">
          {card.title}
        </Link>{' '}
        / edit
      </p>
      <h1 id="edit-card-title" className="text-2xl font-bold">
        Edit card
      </h1>
      <CardForm
        cardId={card.id}
        deckNames={deckNames}
        initial={{
          title: card.title,
          prompt: card.prompt,
          deck: card.deckName,
          points: card.points.map((point) => ({ ...point, cues: point.cues.join(', ') })),
          answerMarkdown: card.answerMarkdown,
          format: card.format ?? 'markdown',
        }}
      />
    </section>
  )
}
