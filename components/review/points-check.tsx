'use client'
// After Show answer on a card with points: what was missed last time, the recording, the
// points to tick (pre-ticked from what the grader heard, with its quotes and warnings),
// the grade controls and the model answer. Above the points, the learner's answer as text: words
// selected in it teach the grader a point it did not hear ("This is where I said it", teach-point.tsx).
import type { ReactNode, Ref } from 'react'
import type { PointVerdict } from '@/lib/grading'
import { AnswerText } from './answer-text'
import { type CheckPoint, PointBox } from './point-box'
import { TeachPoint } from './teach-point'
import { useTeachGrader } from './use-teach-grader'

export function PointsCheck(props: {
  headingRef: Ref<HTMLHeadingElement>
  /** Texts of the points missed at this card's last review. */
  missedLastTime: readonly string[]
  recording: ReactNode
  points: readonly CheckPoint[]
  verdicts: ReadonlyMap<string, PointVerdict>
  ticked: ReadonlySet<string>
  onToggle: (id: string, on: boolean) => void
  grades: ReactNode
  answer: ReactNode
  cardId: string
  /** What the grader heard (typed text and transcript); empty: nothing was said or typed. */
  answerText: string
}) {
  const { points, verdicts, ticked, answerText } = props
  const teaching = useTeachGrader(props.cardId, answerText)
  return (
    <section aria-labelledby="check-title" className="max-w-3xl space-y-5">
      <h2
        id="check-title"
        ref={props.headingRef}
        tabIndex={-1}
        className="text-xl font-semibold outline-none"
      >
        Check yourself
      </h2>
      {props.missedLastTime.length > 0 && (
        <div
          data-testid="missed-last-time"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <strong>Last time you missed:</strong> {props.missedLastTime.join(' · ')}
        </div>
      )}
      {props.recording}
      {answerText.trim() !== '' && <AnswerText answer={answerText} answerRef={teaching.answerRef} />}
      <fieldset className="space-y-2">
        <legend className="mb-2 font-semibold">Which points did you make?</legend>
        {verdicts.size > 0 && (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            The points heard in your answer are ticked as a suggestion, each with what was heard; a point said
            the wrong way is left clear, with what was wrong. You have the last word: confirm or clear each
            one.
          </p>
        )}
        {points.map((point) => (
          <PointBox
            key={point.id}
            point={point}
            verdict={verdicts.get(point.id)}
            ticked={ticked.has(point.id)}
            onToggle={props.onToggle}
            teach={
              answerText.trim() !== '' &&
              ticked.has(point.id) &&
              !verdicts.get(point.id)?.heard && (
                <TeachPoint
                  pointId={point.id}
                  note={teaching.notes.get(point.id)}
                  onTeach={(id) => void teaching.teach(id)}
                />
              )
            }
          />
        ))}
      </fieldset>
      {props.grades}
      <section
        aria-labelledby="model-answer-title"
        className="border-t border-zinc-200 pt-4 dark:border-zinc-800"
      >
        <h3 id="model-answer-title" className="text-lg font-semibold">
          Model answer
        </h3>
        {props.answer}
      </section>
    </section>
  )
}

/** A plain card (no points, e.g. from Anki): the answer to compare with, then the four grades. */
export function PlainCardCheck(props: {
  headingRef: Ref<HTMLHeadingElement>
  answer: ReactNode
  recording: ReactNode
  grades: ReactNode
}) {
  return (
    <section aria-labelledby="check-title" className="max-w-3xl space-y-5" data-testid="plain-card-check">
      <h2
        id="check-title"
        ref={props.headingRef}
        tabIndex={-1}
        className="text-xl font-semibold outline-none"
      >
        Answer
      </h2>
      <div data-testid="plain-answer">{props.answer}</div>
      {props.recording}
      {props.grades}
    </section>
  )
}
