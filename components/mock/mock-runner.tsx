'use client'
// The mock interview in the browser: pick the question, Start, then the phases one at a time —
// walk me through it, up to three follow-ups chosen from the gaps in what was said so far
// (lib/mock/follow-ups.ts, the grader running here), anything to add? — and Finish, which
// stores the whole mock at once (POST /api/mock) and opens its report. Leaving before Finish
// stores nothing.
import { useRouter } from 'next/navigation'
import { useCallback, useState } from 'react'
import { nextFollowUp } from '@/lib/mock/follow-ups'
import type { MockCard, MockChoice, MockPlan } from '@/lib/mock/mock-cards'
import { ANYTHING_TO_ADD, type MockPhase, type PhaseKind } from '@/lib/mock/phases'
import { mainVerdictsSoFar } from '@/lib/mock/report'
import { Button } from '../ui/button'
import { type PhaseAnswer, PhaseStep } from './phase-step'
import { QuestionPicker } from './question-picker'
import { useAskAloud } from './use-ask-aloud'

interface Asking {
  kind: PhaseKind
  card: MockCard
  because: string | null
}

/** The phase after `done`: the next follow-up from the gaps, else "anything to add?". */
function nextAsking(plan: MockPlan, done: readonly MockPhase[]): Asking {
  const asked = done.filter((p) => p.kind === 'follow-up').map((p) => p.cardId)
  const choice = nextFollowUp({
    mainPoints: plan.main.points,
    verdicts: mainVerdictsSoFar(
      plan.main,
      done.map((p) => p.text),
    ),
    options: plan.followUps,
    asked,
    recall: plan.recall,
  })
  const card = choice && plan.followUps.find((f) => f.id === choice.cardId)
  if (choice && card) return { kind: 'follow-up', card, because: choice.because }
  return { kind: 'add', card: plan.main, because: null }
}

function labelOf(asking: Asking, done: readonly MockPhase[]): string {
  if (asking.kind === 'walkthrough') return 'Walk me through it'
  if (asking.kind === 'add') return ANYTHING_TO_ADD
  return `Follow-up ${done.filter((p) => p.kind === 'follow-up').length + 1}`
}

/** The plan of a question the page did not carry (GET /api/mock/plan). */
async function fetchPlan(mainId: string): Promise<MockPlan> {
  const response = await fetch(`/api/mock/plan?main=${encodeURIComponent(mainId)}`)
  if (!response.ok) throw new Error(((await response.json()) as { detail?: string }).detail)
  return (await response.json()) as MockPlan
}

export function MockRunner({
  choices,
  initialPlans,
}: {
  choices: readonly MockChoice[]
  initialPlans: readonly MockPlan[]
}) {
  const router = useRouter()
  const [plans, setPlans] = useState<readonly MockPlan[]>(initialPlans)
  const [selectedId, setSelectedId] = useState(choices[0]?.id ?? '')
  const [mockId, setMockId] = useState<string | null>(null)
  const [done, setDone] = useState<MockPhase[]>([])
  const [asking, setAsking] = useState<Asking | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  /** The finished phases while Finish is being stored (kept for a retry). */
  const [finished, setFinished] = useState<MockPhase[] | null>(null)
  const plan = plans.find((p) => p.main.id === selectedId)
  const question = asking ? (asking.kind === 'add' ? ANYTHING_TO_ADD : asking.card.prompt) : null
  const aloud = useAskAloud(question)

  const start = async (mainId: string) => {
    let chosen = plans.find((p) => p.main.id === mainId)
    if (!chosen) {
      setBusy(true)
      setError(null)
      try {
        const fetched = await fetchPlan(mainId)
        setPlans((known) => [...known, fetched])
        chosen = fetched
      } catch (failure) {
        setError(`The question could not be loaded: ${(failure as Error).message || 'network error'}.`)
        return
      } finally {
        setBusy(false)
      }
    }
    setSelectedId(chosen.main.id)
    setMockId(crypto.randomUUID())
    setDone([])
    setAsking({ kind: 'walkthrough', card: chosen.main, because: null })
  }

  const finish = useCallback(
    async (id: string, phases: MockPhase[]) => {
      setBusy(true)
      setError(null)
      try {
        const response = await fetch('/api/mock', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id, mainCardId: phases[0]?.cardId, phases }),
        })
        if (!response.ok) throw new Error(((await response.json()) as { detail?: string }).detail)
        router.push(`/mock/${id}`)
      } catch (failure) {
        setBusy(false)
        setError(`The mock could not be stored: ${(failure as Error).message || 'network error'}.`)
      }
    },
    [router],
  )

  const onNext = useCallback(
    (answer: PhaseAnswer) => {
      if (!asking || !plan || !mockId) return
      const target = asking.kind === 'add' ? plan.addTargetMs : asking.card.targetMs
      const phase: MockPhase = {
        kind: asking.kind,
        cardId: asking.card.id,
        ...answer,
        targetMs: target,
        because: asking.because,
      }
      const phases = [...done, phase]
      if (asking.kind === 'add') {
        setFinished(phases)
        void finish(mockId, phases)
        return
      }
      setDone(phases)
      setAsking(nextAsking(plan, phases))
    },
    [asking, plan, mockId, done, finish],
  )

  if (choices.length === 0) return <p>No card with follow-ups is in your decks.</p>
  return (
    <div className="space-y-6">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          role="switch"
          aria-checked={aloud.on}
          checked={aloud.on}
          disabled={aloud.supported !== true}
          onChange={(e) => aloud.setOn(e.target.checked)}
          className="size-4"
        />
        Ask out loud
        {aloud.supported === false && (
          <span className="text-zinc-700 dark:text-zinc-300">(this browser cannot speak)</span>
        )}
      </label>
      {asking && mockId && plan ? (
        <PhaseStep
          key={done.length}
          label={labelOf(asking, done)}
          question={question ?? ''}
          targetMs={asking.kind === 'add' ? plan.addTargetMs : asking.card.targetMs}
          cardId={asking.card.id}
          round={`mock:${mockId}:${done.length}`}
          last={asking.kind === 'add'}
          busy={busy}
          onNext={onNext}
        />
      ) : (
        <QuestionPicker
          choices={choices}
          selectedId={selectedId}
          busy={busy}
          onSelect={setSelectedId}
          onStart={(id) => void start(id)}
        />
      )}
      {error && (
        <div role="alert" className="space-y-2 text-red-800 dark:text-red-300">
          <p>{error}</p>
          {finished && mockId && (
            <Button size="md" disabled={busy} onClick={() => void finish(mockId, finished)}>
              Try Finish again
            </Button>
          )}
        </div>
      )}
    </div>
  )
}
