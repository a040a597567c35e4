'use client'
// A drill, question by question: pick an option (radios; Enter or Check answers), read
// the verdict and explanation in a status region, see the timeline reveal the real
// step, then Next. Used by /drills/<id> and by drill cards in /review (onFinished).
// The options and the verdict are drill-options.tsx.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { LivePlayer } from '@/components/timeline/live-player'
import type { DrillQuestionView } from '@/lib/drills/view'
import { Button } from '../ui/button'
import { DrillOptions, DrillVerdict } from './drill-options'

export interface DrillAnswer {
  questionId: string
  slot: string
  chosenId: string
  correct: boolean
}

export function DrillRunner({
  questions,
  title,
  onFinished,
  finishedLabel = 'Finish',
}: {
  questions: DrillQuestionView[]
  /** Names the timeline figure, e.g. the scenario id. */
  title: string
  /** Called once after the last question is checked and Finish pressed. */
  onFinished?: (answers: DrillAnswer[]) => void
  finishedLabel?: string
}) {
  const [index, setIndex] = useState(0)
  const [chosen, setChosen] = useState<string | null>(null)
  const [answers, setAnswers] = useState<DrillAnswer[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const nextButton = useRef<HTMLButtonElement>(null)
  const firstRadio = useRef<HTMLInputElement>(null)
  const id = useId()
  const question = questions[index]
  const answer = question ? answers.find((a) => a.questionId === question.id) : undefined
  const checked = answer !== undefined
  const last = index === questions.length - 1

  // After checking, Enter/Space on the focused Next button moves on.
  useEffect(() => {
    if (checked) nextButton.current?.focus()
  }, [checked])

  if (!question) return null
  const right = answers.filter((a) => a.correct).length

  const check = (event: FormEvent) => {
    event.preventDefault()
    if (checked) return
    if (chosen === null) {
      setProblem('Pick an answer first.')
      firstRadio.current?.focus()
      return
    }
    setProblem(null)
    setAnswers((all) => [
      ...all,
      {
        questionId: question.id,
        slot: question.slot,
        chosenId: chosen,
        correct: chosen === question.correctId,
      },
    ])
  }

  const next = () => {
    if (last) {
      setDone(true)
      onFinished?.(answers)
      return
    }
    setIndex(index + 1)
    setChosen(null)
    // The new question's first option takes focus, so the keyboard carries on.
    requestAnimationFrame(() => firstRadio.current?.focus())
  }

  const promptId = `${id}-prompt`
  return (
    <div className="space-y-6">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Question {index + 1} of {questions.length}
      </p>
      <form onSubmit={check} className="space-y-4">
        <DrillOptions
          question={question}
          promptId={promptId}
          name={`${id}-q${index}`}
          answer={answer}
          chosen={chosen}
          onChoose={setChosen}
          firstRadioRef={firstRadio}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={checked}>
            Check
          </Button>
          {checked && !done && (
            <Button ref={nextButton} onClick={next}>
              {last ? finishedLabel : 'Next'}
            </Button>
          )}
          {problem && <p className="text-sm text-red-800 dark:text-red-300">{problem}</p>}
        </div>
      </form>

      <DrillVerdict question={question} answer={answer} done={done} right={right} total={questions.length} />

      {/* Live from the start, not an island (timeline-player.tsx): it sits right under the options,
          in view on a phone, and waking it there cost more than hydrating it (bench:web). */}
      <section aria-label="Timeline">
        <LivePlayer
          key={`${question.id}-${checked ? 'after' : 'before'}`}
          trace={checked ? question.after : question.before}
          initialStep={checked ? question.afterStep : question.beforeStep}
          violations={checked ? question.violations : []}
          showVerdict={checked && question.kind !== 'next-step'}
          title={`Timeline of ${title}`}
          description={
            checked
              ? `The run up to ${question.after.events.length} events, with the real step revealed.`
              : `The run up to the question: ${question.before.events.length} events; later steps are hidden.`
          }
        />
      </section>
    </div>
  )
}
