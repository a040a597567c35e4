// Every topic (deck) with its progress — cards seen of all, average recall now — each a link that
// searches nothing and shows that topic's first page. Server-rendered, no client JS.
import type { TopicProgress } from '@/lib/decks/card-list'

export function topicProgressText(topic: TopicProgress): string {
  const recall =
    topic.recallNow === null ? 'no recall yet' : `recall now ${Math.round(topic.recallNow * 100)}%`
  return `${topic.seen} of ${topic.cards} seen · ${recall}${topic.enabled ? '' : ' · switched off'}`
}

export function TopicList({ topics }: { topics: readonly TopicProgress[] }) {
  if (topics.length === 0) return null
  return (
    <section aria-labelledby="topics-title" className="space-y-3">
      <h2 id="topics-title" className="text-xl font-bold">
        Topics
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {topics.map((topic) => (
          <li
            key={topic.deckId}
            data-testid="topic"
            className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <span className="block font-semibold">{topic.title}</span>
            <span data-testid="topic-progress" className="block text-sm text-zinc-700 dark:text-zinc-300">
              {topicProgressText(topic)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
