'use client'
// A drill card in /review: answered question by question (DrillRunner), then the usual
// Again/Hard/Good/Easy with the suggested rating (all right → Good, one wrong → Hard,
// two or more → Again). The questions answered right are the card's ticked points.
import { useEffect, useMemo, useRef, useState } from 'react'
import { GradeControls, ReviewCardFrame } from '@/components/review/card-frame'
import type { RatingChoice } from '@/components/review/rating-buttons'
import { type GradeFields, useGrade } from '@/components/review/use-grade'
import { suggestDrillRating } from '@/lib/drills/rating'
import type { DrillQuestionView } from '@/lib/drills/view'
import type { GradeRating } from '@/lib/srs/rubric'
import { type DrillAnswer, DrillRunner } from './drill-runner'

export interface DrillReviewProps {
  cardId: string
  title: string
  prompt: string
  queueNote: string
  questions: DrillQuestionView[]
  choices: readonly RatingChoice[]
}

export function DrillReview(props: DrillReviewProps) {
  const { cardId, questions } = props
  const [startedAt] = useState(() => performance.now())
  const [answers, setAnswers] = useState<DrillAnswer[] | null>(null)
  const [durationMs, setDurationMs] = useState(0)
  const gradeHeading = useRef<HTMLHeadingElement>(null)

  const finished = (all: DrillAnswer[]) => {
    setDurationMs(Math.round(performance.now() - startedAt))
    setAnswers(all)
  }
  useEffect(() => {
    if (answers) gradeHeading.current?.focus()
  }, [answers])

  // The questions answered right are the card's ticked points (its slots).
  const fields = useMemo<GradeFields | null>(
    () =>
      answers && {
        cardId,
        pointsTicked: answers.filter((a) => a.correct).map((a) => a.slot),
        durationMs,
        answerMode: 'typed',
      },
    [answers, cardId, durationMs],
  )
  const { grade, pending, error } = useGrade(fields)

  useEffect(() => {
    if (!answers) return
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey) return
      if (['1', '2', '3', '4'].includes(event.key)) {
        event.preventDefault()
        void grade(Number(event.key) as GradeRating)
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [answers, grade])

  const right = answers?.filter((a) => a.correct).length ?? 0
  const suggested = suggestDrillRating(answers?.length ?? 0, right)
  return (
    <ReviewCardFrame
      cardId={cardId}
      title={props.title}
      queueNote={props.queueNote}
      heading="Timeline drill"
      prompt={props.prompt}
    >
      <DrillRunner questions={questions} title={props.title} onFinished={finished} finishedLabel="Grade" />
      {answers && (
        <section aria-labelledby="grade-title" className="space-y-3">
          <h3
            id="grade-title"
            ref={gradeHeading}
            tabIndex={-1}
            className="text-lg font-semibold outline-none"
          >
            {right} of {answers.length} right
          </h3>
          <GradeControls
            suggested={suggested}
            reason="all right is Good, one wrong Hard, two or more Again; you may choose another."
            choices={props.choices}
            pending={pending}
            error={error}
            onGrade={grade}
          />
        </section>
      )}
    </ReviewCardFrame>
  )
}
