'use client'
// A drill question's options as radios under its prompt; once checked, the right one and a
// wrong pick are marked (in colour, and in words for a screen reader).
import type { Ref } from 'react'
import type { DrillQuestionView } from '@/lib/drills/view'
import type { DrillAnswer } from './drill-runner'

export function DrillOptions({
  question,
  promptId,
  name,
  answer,
  chosen,
  onChoose,
  firstRadioRef,
}: {
  question: DrillQuestionView
  promptId: string
  /** The radios' group name: one per question. */
  name: string
  /** Set once the question is checked. */
  answer: DrillAnswer | undefined
  chosen: string | null
  onChoose: (optionId: string) => void
  firstRadioRef: Ref<HTMLInputElement>
}) {
  const checked = answer !== undefined
  return (
    <div role="radiogroup" aria-labelledby={promptId} className="space-y-2">
      <h2 id={promptId} className="text-lg font-semibold">
        {question.prompt}
      </h2>
      {question.options.map((option, i) => {
        const isRight = checked && option.id === question.correctId
        const isWrongPick = checked && option.id === answer?.chosenId && !answer.correct
        return (
          <label
            key={option.id}
            className={`flex items-start gap-2 rounded border p-2 text-sm ${
              isRight
                ? 'border-emerald-600 bg-emerald-50 dark:bg-emerald-950'
                : isWrongPick
                  ? 'border-red-600 bg-red-50 dark:bg-red-950'
                  : 'border-zinc-300 dark:border-zinc-700'
            }`}
          >
            <input
              ref={i === 0 ? firstRadioRef : undefined}
              type="radio"
              name={name}
              value={option.id}
              checked={chosen === option.id}
              disabled={checked}
              onChange={() => onChoose(option.id)}
              className="mt-1"
            />
            <span>
              {option.text}
              {isRight && <span className="sr-only"> (the right answer)</span>}
              {isWrongPick && <span className="sr-only"> (your answer)</span>}
            </span>
          </label>
        )
      })}
    </div>
  )
}

/** The status region: the verdict and explanation once checked, the score once finished. */
export function DrillVerdict({
  question,
  answer,
  done,
  right,
  total,
}: {
  question: DrillQuestionView
  answer: DrillAnswer | undefined
  done: boolean
  right: number
  total: number
}) {
  const rightText = question.options.find((o) => o.id === question.correctId)?.text ?? ''
  return (
    <div role="status" className="min-h-6 text-sm" data-testid="drill-verdict">
      {answer && (
        <p>
          <strong>{answer.correct ? 'Correct' : 'Not quite'}</strong>
          {answer.correct ? '. ' : `: the answer is "${rightText}" `}
          {question.explanation}
          {!answer.correct && question.wrongNotes[answer.chosenId] && (
            <> Your pick: {question.wrongNotes[answer.chosenId]}</>
          )}
        </p>
      )}
      {done && (
        <p className="mt-2 font-semibold">
          You got {right} of {total} right.
        </p>
      )}
    </div>
  )
}
