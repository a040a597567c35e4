'use client'
// The mock's main question, chosen before Start: any card with follow-ups (grouped by topic,
// the idempotency question first), or Surprise me — a card drawn at random from the decks
// switched on in /settings, started at once so the question is a surprise.
import type { MockPlan } from '@/lib/mock/mock-cards'
import { ReadySelect } from '../ready-controls'
import { Button } from '../ui/button'
import { inputClass } from '../ui/input-class'

/** An index drawn by the browser's generator (the mock's choice is no study rule to replay). */
function randomIndex(length: number): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1))
  return value % length
}

/** The plans grouped by deck, in the order they come (deck order). */
function byDeck(plans: readonly MockPlan[]): { title: string; plans: MockPlan[] }[] {
  const groups: { title: string; plans: MockPlan[] }[] = []
  for (const plan of plans) {
    const last = groups.at(-1)
    if (last && last.title === plan.deckTitle) last.plans.push(plan)
    else groups.push({ title: plan.deckTitle, plans: [plan] })
  }
  return groups
}

export function QuestionPicker({
  plans,
  selectedId,
  onSelect,
  onStart,
}: {
  plans: readonly MockPlan[]
  selectedId: string
  onSelect: (id: string) => void
  onStart: (id: string) => void
}) {
  const surprising = plans.filter((plan) => plan.deckOn)
  const surprise = () => {
    const plan = surprising[randomIndex(surprising.length)]
    if (plan) onStart(plan.main.id)
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
        {byDeck(plans).map((group) => (
          <optgroup key={group.title} label={group.title}>
            {group.plans.map((p) => (
              <option key={p.main.id} value={p.main.id}>
                {p.main.title}
              </option>
            ))}
          </optgroup>
        ))}
      </ReadySelect>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" size="md" waitsForHydration onClick={() => onStart(selectedId)}>
          Start
        </Button>
        <Button
          size="md"
          waitsForHydration
          disabled={surprising.length === 0}
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
