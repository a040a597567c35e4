import type { Metadata } from 'next'
import Link from 'next/link'
import { MockRunner } from '@/components/mock/mock-runner'
import { mockQueries } from '@/db/queries/mocks'
import { formatInstant } from '@/lib/calendar'
import { cardById } from '@/lib/content/cards'
import { mainCardChoices, mockChoiceOf, mockPlansFor } from '@/lib/mock/mock-cards'
import { settingsForLearner, studyDecks } from '@/lib/review'
import { studyContext } from '@/lib/study-context'

export const metadata: Metadata = { title: 'Mock interview' }
export const dynamic = 'force-dynamic'

export default async function MockPage() {
  const { db, learnerId, nowMs } = await studyContext()
  const [choices, past, settings] = await Promise.all([
    studyDecks().then((decks) => mainCardChoices(db, decks, learnerId)),
    mockQueries(db).listMocksByLearnerId({ learnerId, limit: 20 }),
    settingsForLearner(db, learnerId),
  ])
  // The default question's plan rides in the HTML; another is fetched when it is picked.
  const plans = await mockPlansFor(db, learnerId, choices.slice(0, 1), nowMs, settings)
  return (
    <section aria-labelledby="mock-title" className="space-y-8">
      <div className="max-w-3xl space-y-2">
        <h1 id="mock-title" className="text-2xl font-bold">
          Mock interview
        </h1>
        <p className="text-zinc-800 dark:text-zinc-200">
          One question, out loud, under a clock. Then up to three follow-ups that dig where your answer was
          thin, and a last chance to add anything. Next moves on whenever you like; the clock never cuts you
          off. Nothing is kept until you press Finish.
        </p>
      </div>
      <MockRunner choices={choices.map(mockChoiceOf)} initialPlans={plans} />
      <section aria-labelledby="past-mocks-title" className="space-y-2">
        <h2 id="past-mocks-title" className="text-xl font-semibold">
          Your mock interviews
        </h2>
        {past.length === 0 ? (
          <p className="text-zinc-700 dark:text-zinc-300">None yet.</p>
        ) : (
          <ul data-testid="mock-list" className="space-y-1">
            {past.map((mock) => (
              <li key={mock.id}>
                <Link href={`/mock/${mock.id}`} className="underline underline-offset-2">
                  {cardById(mock.mainCardId)?.title ?? mock.mainCardId},{' '}
                  {formatInstant(mock.createdAtMs, settings.timezone)}
                </Link>{' '}
                <span className="text-sm text-zinc-700 dark:text-zinc-300">
                  {mock.savedAtMs === null ? '(grades not saved)' : '(grades saved)'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  )
}
