// "Export a topic for Anki" on /settings: pick one built-in topic deck and download it as
// an .apkg (GET /api/own-cards/export-anki?topic=<deck id>) with your history of its cards.
// A plain GET form: it works before (and without) any JavaScript.
import { buttonClass } from '../ui/button'
import { inputClass } from '../ui/input-class'

export function ExportTopicForAnki({ topics }: { topics: readonly { id: string; title: string }[] }) {
  if (topics.length === 0) return null
  return (
    <section
      aria-labelledby="anki-topic-export-title"
      className="max-w-xl space-y-3"
      data-testid="anki-topic-export"
    >
      <h2 id="anki-topic-export-title" className="text-xl font-semibold">
        Export a topic for Anki
      </h2>
      <p className="text-zinc-700 dark:text-zinc-300">
        One built-in deck as an Anki package: each card a note (the prompt; the points, then the model answer)
        with your reviews of it. Your own decks export from their switch under Decks.
      </p>
      <form action="/api/own-cards/export-anki" method="get" className="flex flex-wrap items-end gap-3">
        <label className="space-y-1 text-sm font-medium">
          <span className="block">Topic</span>
          <select name="topic" className={inputClass('md')} defaultValue={topics[0]?.id}>
            {topics.map((topic) => (
              <option key={topic.id} value={topic.id}>
                {topic.title}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass({ size: 'md' })}>
          Export topic for Anki
        </button>
      </form>
    </section>
  )
}
