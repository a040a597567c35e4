import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { PointList } from '@/components/cards/point-list'
import { CardTimelines } from '@/components/timeline/card-timelines'
import { allCards, cardById } from '@/lib/content/cards'
import { markdownToHtml } from '@/lib/content/markdown'

export function generateStaticParams() {
  return allCards().map((card) => ({ id: card.id }))
}

export async function generateMetadata({ params }: PageProps<'/cards/[id]'>): Promise<Metadata> {
  const { id } = await params
  return { title: cardById(id)?.title ?? 'Card not found' }
}

export default async function CardPage({ params }: PageProps<'/cards/[id]'>) {
  const { id } = await params
  const card = cardById(id)
  if (!card) notFound()
  const followUps = card.followUps.map((followUpId) => cardById(followUpId)).filter((c) => c !== undefined)

  return (
    <article aria-labelledby="card-title" className="space-y-8">
      <header>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          <Link href="/cards" className="underline">
            Cards
          </Link>{' '}
          / {card.deck}
        </p>
        <h1 id="card-title" className="mt-1 text-2xl font-bold">
          {card.title}
        </h1>
        <p data-testid="card-prompt" className="mt-3 max-w-3xl text-lg">
          {card.prompt}
        </p>
      </header>

      <section aria-labelledby="points-title">
        <h2 id="points-title" className="text-xl font-semibold">
          The {card.points.length} points to say
        </h2>
        <div className="mt-3 max-w-3xl">
          <PointList points={card.points} />
        </div>
      </section>

      <section aria-labelledby="answer-title">
        <h2 id="answer-title" className="text-xl font-semibold">
          Model answer
        </h2>
        <div
          className="prose-drill mt-2 max-w-3xl"
          // Our own Markdown from content/cards, validated at build: trusted.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted first-party content
          dangerouslySetInnerHTML={{ __html: markdownToHtml(card.answerMarkdown) }}
        />
      </section>

      {card.scenarios.length > 0 && (
        <section aria-labelledby="timelines-title">
          <h2 id="timelines-title" className="text-xl font-semibold">
            Timelines
          </h2>
          <div className="mt-3">
            <CardTimelines scenarioIds={card.scenarios} />
          </div>
        </section>
      )}

      {followUps.length > 0 && (
        <section aria-labelledby="followups-title">
          <h2 id="followups-title" className="text-xl font-semibold">
            Follow-ups
          </h2>
          <ul className="mt-3 max-w-3xl space-y-3">
            {followUps.map((followUp) => (
              <li key={followUp.id}>
                <Link href={`/cards/${followUp.id}`} className="font-medium underline underline-offset-2">
                  {followUp.title}
                </Link>
                <span className="block text-sm text-zinc-700 dark:text-zinc-300">{followUp.prompt}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  )
}
