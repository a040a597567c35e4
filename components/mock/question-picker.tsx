'use client'
// The mock's main question, chosen before Start: any card with follow-ups (grouped by topic,
// the idempotency question first), or Surprise me — a card drawn at random from the decks
// switched on in /settings, started at once so the question is a surprise.
import type { MockChoice } from '@/lib/mock/mock-cards'
import { ReadySelect } from '../ready-controls'
import { Button } from '../ui/button'
import { inputClass } from '../ui/input-class'

/** An index drawn by the browser's generator (the mock's choice is no study rule to replay). */
function randomIndex(length: number): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1))
  return value % length
}

/** The questions grouped by deck, in the order they come (deck order). */
function byDeck(choices: readonly MockChoice[]): { title: string; choices: MockChoice[] }[] {
  const groups: { title: string; choices: MockChoice[] }[] = []
  for (const choice of choices) {
    const last = groups.at(-1)
    if (last && last.title === choice.deckTitle) last.choices.push(choice)
    else groups.push({ title: choice.deckTitle, choices: [choice] })
  }
  return groups
}

export function QuestionPicker({
  choices,
  selectedId,
  busy,
  onSelect,
  onStart,
}: {
  choices: readonly MockChoice[]
  selectedId: string
  /** A picked question's plan is on its way: the buttons wait. */
  busy: boolean
  onSelect: (id: string) => void
  onStart: (id: string) => void
}) {
  const surprising = choices.filter((choice) => choice.deckOn)
  const surprise = () => {
    const choice = surprising[randomIndex(surprising.length)]
    if (choice) onStart(choice.id)
  }
  return (
    <div className="space-y-3">
      <label htmlFor="mock-card" className="block text-sm font-medium">
        Question
      </label>
      <ReadySelect
        id="mock-card"
        value={selectedId}
        onChange={(e) => onSelect(e.target.value)}
        className={`w-full max-w-md ${inputClass('md')}`}
      >
        {byDeck(choices).map((group) => (
          <optgroup key={group.title} label={group.title}>
            {group.choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.title}
              </option>
            ))}
          </optgroup>
        ))}
      </ReadySelect>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          size="md"
          waitsForHydration
          disabled={busy}
          onClick={() => onStart(selectedId)}
        >
          Start
        </Button>
        <Button
          size="md"
          waitsForHydration
          disabled={busy || surprising.length === 0}
          aria-describedby="surprise-hint"
          onClick={surprise}
        >
          Surprise me
        </Button>
        <span id="surprise-hint" className="text-sm text-zinc-700 dark:text-zinc-300">
          {surprising.length === 0
            ? 'No deck switched on has a question with follow-ups.'
            : 'A question from the decks you review.'}
        </span>
      </div>
    </div>
  )
}
