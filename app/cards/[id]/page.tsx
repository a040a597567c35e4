import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { PointList } from '@/components/cards/point-list'
import { SourceList } from '@/components/cards/source-list'
import { HydratesApart } from '@/components/hydrates-apart'
import { DeleteCard } from '@/components/own-cards/delete-card'
import { CardTimelines } from '@/components/timeline/card-timelines'
import { buttonClass } from '@/components/ui/button'
import { ownCardQueries } from '@/db/queries/own-cards'
import { cardById } from '@/lib/content/cards'
import { cardTextToHtml } from '@/lib/content/markdown'
import { studyContext } from '@/lib/study-context'

// Own cards are per learner: render per request, never cache one learner's card for another.
export const dynamic = 'force-dynamic'

async function findCard(id: string) {
  const builtIn = cardById(id)
  if (builtIn) return { kind: 'built-in' as const, card: builtIn }
  const { db, learnerId } = await studyContext()
  const own = await ownCardQueries(db).getOwnCardByLearnerAndId({ learnerId, cardId: id })
  return own ? { kind: 'own' as const, card: own } : undefined
}

export async function generateMetadata({ params }: PageProps<'/cards/[id]'>): Promise<Metadata> {
  const { id } = await params
  return { title: (await findCard(id))?.card.title ?? 'Card not found' }
}

function ModelAnswer({ markdown, format = 'markdown' }: { markdown: string; format?: 'markdown' | 'html' }) {
  return (
    <section aria-labelledby="answer-title">
      <h2 id="answer-title" className="text-xl font-semibold">
        Model answer
      </h2>
      {markdown.trim() === '' ? (
        <p className="mt-2 text-zinc-700 dark:text-zinc-300">No model answer yet.</p>
      ) : (
        <div
          data-testid="model-answer"
          className="prose-drill mt-2 max-w-3xl"
          // Rendered by lib/content/markdown: raw HTML escaped, output sanitized (sanitize-html).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitize-html output
          dangerouslySetInnerHTML={{ __html: cardTextToHtml(markdown, format) }}
        />
      )}
    </section>
  )
}

export default async function CardPage({ params }: PageProps<'/cards/[id]'>) {
  const { id } = await params
  const found = await findCard(id)
  if (!found) notFound()
  const { card } = found
  const deckName = found.kind === 'own' ? found.card.deckName : found.card.deck
  const followUps =
    found.kind === 'built-in'
      ? found.card.followUps.map((followUpId) => cardById(followUpId)).filter((c) => c !== undefined)
      : []

  return (
    <article aria-labelledby="card-title" className="space-y-8">
      <header>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          <Link href="/cards" className="underline">
            Cards
          </Link>{' '}
          / {deckName}
          {found.kind === 'own' && ' · your card'}
        </p>
        <h1 id="card-title" className="mt-1 text-2xl font-bold">
          {card.title}
        </h1>
        {found.kind === 'own' && found.card.format === 'html' ? (
          <div
            data-testid="card-prompt"
            className="prose-drill mt-3 max-w-3xl text-lg"
            // Imported from Anki: sanitized by lib/content/markdown (Anki's HTML path).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitize-html output
            dangerouslySetInnerHTML={{ __html: cardTextToHtml(card.prompt, 'html') }}
          />
        ) : (
          <p data-testid="card-prompt" className="mt-3 max-w-3xl text-lg">
            {card.prompt}
          </p>
        )}
        {found.kind === 'own' && (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Link href={`/cards/${card.id}/edit`} className={buttonClass()}>
              Edit card
            </Link>
            <DeleteCard cardId={card.id} title={card.title} />
          </div>
        )}
      </header>

      {card.points.length > 0 ? (
        <section aria-labelledby="points-title">
          <h2 id="points-title" className="text-xl font-semibold">
            The {card.points.length} points to say
          </h2>
          <div className="mt-3 max-w-3xl">
            <PointList points={card.points} />
          </div>
        </section>
      ) : (
        <p data-testid="plain-card-note" className="max-w-3xl text-zinc-700 dark:text-zinc-300">
          A plain card: recall the answer, then grade yourself with the four buttons. Edit it to give it
          points (Suggest points takes them from the answer&apos;s list).
        </p>
      )}

      <ModelAnswer
        markdown={card.answerMarkdown}
        format={found.kind === 'own' ? (found.card.format ?? 'markdown') : 'markdown'}
      />

      {found.kind === 'built-in' && found.card.scenarios.length > 0 && (
        <section aria-labelledby="timelines-title">
          <h2 id="timelines-title" className="text-xl font-semibold">
            Timelines
          </h2>
          <div className="mt-3">
            <HydratesApart>
              <CardTimelines scenarioIds={found.card.scenarios} />
            </HydratesApart>
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

      {found.kind === 'built-in' && <SourceList sources={found.card.sources} />}
    </article>
  )
}
