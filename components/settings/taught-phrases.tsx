// "Phrases you taught the grader" on /settings: each phrase taught with "This is where I said it" on
// /review, with its card and point, and Remove (a plain form: works before hydration).
import { removeTaughtPhraseAction } from '@/app/settings/taught-actions'
import type { TaughtPhraseView } from '@/lib/review/teach-grader'
import { Button } from '../ui/button'

export function TaughtPhrases({ phrases }: { phrases: readonly TaughtPhraseView[] }) {
  return (
    <section aria-labelledby="taught-title" className="max-w-xl space-y-3">
      <h2 id="taught-title" className="text-xl font-semibold">
        Phrases you taught the grader
      </h2>
      <p className="text-zinc-700 dark:text-zinc-300">
        After Show answer, select the words of your answer that made a point the grader missed and press “This
        is where I said it”: from then on it hears them for that point, and for points of other cards that
        share its idea. It still checks for wrong designs first.
      </p>
      {phrases.length === 0 ? (
        <p className="text-zinc-700 dark:text-zinc-300">You have not taught it any phrase yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Phrases you taught the grader">
          {phrases.map((p, i) => (
            <li
              key={`${p.cardId} ${p.pointId} ${p.phrase}`}
              className="flex flex-wrap items-center gap-3"
              data-testid="taught-phrase"
            >
              <span id={`taught-${i}`}>
                “{p.phrase}” — {p.pointText} ({p.cardTitle})
              </span>
              <form action={removeTaughtPhraseAction}>
                <input type="hidden" name="cardId" value={p.cardId} />
                <input type="hidden" name="pointId" value={p.pointId} />
                <input type="hidden" name="phrase" value={p.phrase} />
                <Button type="submit" variant="danger-outline" size="xs" aria-describedby={`taught-${i}`}>
                  Remove
                </Button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
