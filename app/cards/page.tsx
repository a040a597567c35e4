import type { Metadata } from 'next'
import Link from 'next/link'
import { CardLinks } from '@/components/cards/card-links'
import { CardPages, CardSearch } from '@/components/cards/card-search'
import { TopicList, topicProgressText } from '@/components/cards/topic-list'
import { DrillList } from '@/components/drills/drill-list'
import { buttonClass } from '@/components/ui/button'
import { studyQueries } from '@/db/queries/study'
import { htmlToText } from '@/lib/content/markdown'
import { type CardListEntry, type CardListGroup, cardListView, pageOf, searchOf } from '@/lib/decks/card-list'
import { decksFor } from '@/lib/review'
import { studyContext } from '@/lib/study-context'

export const metadata: Metadata = { title: 'Cards' }
// Lists the learner's own cards too: per request.
export const dynamic = 'force-dynamic'

function rowOf(entry: CardListEntry, enabled: boolean) {
  if (entry.source === 'built-in') {
    const card = entry.card
    return {
      href: `/cards/${card.id}`,
      title: card.title,
      prompt: card.prompt,
      note: `${card.points.length} points${card.order === 0 ? ' · main card' : ' · follow-up'}`,
    }
  }
  const card = entry.row
  return {
    href: `/cards/${card.id}`,
    title: card.title,
    prompt: card.format === 'html' ? htmlToText(card.prompt) : card.prompt,
    note: `${card.pointCount === 0 ? 'plain card' : `${card.pointCount} points`}${card.suspended ? ' · suspended' : ''}${enabled ? '' : ' · deck switched off'}`,
  }
}

function TopicGroup({ group }: { group: CardListGroup }) {
  const own = group.topic.kind === 'own'
  return (
    <section aria-label={`Deck: ${group.topic.title}`} data-testid={own ? 'own-deck' : 'topic-cards'}>
      <h3 className="text-lg font-semibold">{group.topic.title}</h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{topicProgressText(group.topic)}</p>
      <CardLinks
        listClass="mt-3 grid gap-3 sm:grid-cols-2"
        itemTestId={own ? 'own-card' : 'built-in-card'}
        rows={group.entries.map((entry) => rowOf(entry, group.topic.enabled))}
      />
    </section>
  )
}

export default async function CardsPage({ searchParams }: PageProps<'/cards'>) {
  const query = await searchParams
  const { db, learnerId, nowMs } = await studyContext()
  const [decks, settings] = await Promise.all([
    decksFor(db, learnerId),
    studyQueries(db).getLearnerSettingsByLearnerId(learnerId),
  ])
  const view = await cardListView(db, {
    learnerId,
    decks,
    search: searchOf(query.q),
    page: pageOf(query.page),
    nowMs,
    parameters: settings?.fsrsParameters ?? null,
  })
  const builtInGroups = view.groups.filter((group) => group.topic.kind !== 'own')
  const ownGroups = view.groups.filter((group) => group.topic.kind === 'own')
  const hasOwn = decks.some((deck) => deck.kind === 'own')

  return (
    <div className="space-y-10">
      <section aria-labelledby="cards-title" className="space-y-4">
        <h1 id="cards-title" className="text-2xl font-bold">
          Cards
        </h1>
        <p className="max-w-2xl text-zinc-700 dark:text-zinc-300">
          One main question and the follow-ups an interviewer asks next. Each card lists the points a strong
          answer makes.
        </p>
        <CardSearch search={view.search} matching={view.matching} />
        {view.search === null && <TopicList topics={view.topics} />}
        {builtInGroups.map((group) => (
          <TopicGroup key={group.topic.deckId} group={group} />
        ))}
      </section>

      {view.search === null && view.page === 1 && <DrillList />}

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
        {!hasOwn && <p>You have not written any cards yet.</p>}
        {ownGroups.map((group) => (
          <TopicGroup key={group.topic.deckId} group={group} />
        ))}
        <CardPages search={view.search} page={view.page} pages={view.pages} />
      </section>
    </div>
  )
}
