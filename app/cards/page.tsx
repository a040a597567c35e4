import type { Metadata } from 'next'
import Link from 'next/link'
import { CardLinks } from '@/components/cards/card-links'
import { DrillList } from '@/components/drills/drill-list'
import { buttonClass } from '@/components/ui/button'
import { type OwnCardSummaryRecord, ownCardQueries } from '@/db/queries/own-cards'
import { allCards } from '@/lib/content/cards'
import { htmlToText } from '@/lib/content/markdown'
import { ownDeckId } from '@/lib/decks'
import { studyDecks } from '@/lib/review'
import { studyContext } from '@/lib/study-context'

export const metadata: Metadata = { title: 'Cards' }
// Lists the learner's own cards too: per request.
export const dynamic = 'force-dynamic'

export default async function CardsPage() {
  const { db, learnerId } = await studyContext()
  const cards = allCards()
  const decks = await studyDecks()
  const ownDecks = (await decks.decksFor(db, learnerId)).filter((deck) => deck.kind === 'own')
  // The list shows no answer and only counts the points: read just that.
  const ownCards = await ownCardQueries(db).listOwnCardSummariesByLearnerId(learnerId)
  const cardsOf = (deckId: string): OwnCardSummaryRecord[] =>
    ownCards.filter((card) => ownDeckId(card.deckSlug) === deckId)

  return (
    <div className="space-y-10">
      <section aria-labelledby="cards-title">
        <h1 id="cards-title" className="text-2xl font-bold">
          Cards
        </h1>
        <p className="mt-2 max-w-2xl text-zinc-700 dark:text-zinc-300">
          One main question and the follow-ups an interviewer asks next. Each card lists the points a strong
          answer makes.
        </p>
        <CardLinks
          listClass="mt-6 grid gap-3 sm:grid-cols-2"
          rows={cards.map((card) => ({
            href: `/cards/${card.id}`,
            title: card.title,
            prompt: card.prompt,
            note: `${card.points.length} points${card.order === 0 ? ' · main card' : ' · follow-up'}`,
          }))}
        />
      </section>

      <DrillList />

      <section aria-labelledby="own-cards-title" className="space-y-4">
        <h2 id="own-cards-title" className="text-xl font-bold">
          Your cards
        </h2>
        <p className="max-w-2xl text-zinc-700 dark:text-zinc-300">
          Cards you write for the other questions you are preparing. Only you see them; import or export them
          as Markdown in{' '}
          <Link href="/settings" className="underline">
            Settings
          </Link>
          .
        </p>
        <Link href="/cards/new" className={buttonClass({ variant: 'primary', size: 'md' })}>
          Write a card
        </Link>
        {ownDecks.length === 0 && <p>You have not written any cards yet.</p>}
        {ownDecks.map((deck) => (
          <section key={deck.id} aria-label={`Deck: ${deck.title}`} data-testid="own-deck">
            <h3 className="text-lg font-semibold">{deck.title}</h3>
            <CardLinks
              listClass="mt-3 grid gap-3 sm:grid-cols-2"
              itemTestId="own-card"
              rows={cardsOf(deck.id).map((card) => ({
                href: `/cards/${card.id}`,
                title: card.title,
                prompt: card.format === 'html' ? htmlToText(card.prompt) : card.prompt,
                note: `${card.pointCount === 0 ? 'plain card' : `${card.pointCount} points`}${card.suspended ? ' · suspended' : ''}${deck.enabled ? '' : ' · deck switched off'}`,
              }))}
            />
          </section>
        ))}
      </section>
    </div>
  )
}
