'use client'
// A drill card in /review: answered question by question (DrillRunner), then the usual
// Again/Hard/Good/Easy with the suggested rating (all right → Good, one wrong → Hard,
// two or more → Again). The questions answered right are the card's ticked points.
import { useCallback, useEffect, useRef, useState } from 'react'
import { gradeAction } from '@/app/review/actions'
import { RatingButtons, type RatingChoice } from '@/components/review/rating-buttons'
import { suggestDrillRating } from '@/lib/drills/rating'
import type { DrillQuestionView } from '@/lib/drills/view'
import { type GradeRating, RATING_NAMES } from '@/lib/srs/rubric'
import { type DrillAnswer, DrillRunner } from './drill-runner'

export interface DrillReviewProps {
  cardId: string
  title: string
  prompt: string
  queueNote: string
  questions: DrillQuestionView[]
  attemptToken: string
  choices: readonly RatingChoice[]
}

export function DrillReview(props: DrillReviewProps) {
  const { cardId, attemptToken, questions } = props
  const [startedAt] = useState(() => performance.now())
  const [answers, setAnswers] = useState<DrillAnswer[] | null>(null)
  const [durationMs, setDurationMs] = useState(0)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submitting = useRef(false)
  const gradeHeading = useRef<HTMLHeadingElement>(null)

  const finished = (all: DrillAnswer[]) => {
    setDurationMs(Math.round(performance.now() - startedAt))
    setAnswers(all)
  }
  useEffect(() => {
    if (answers) gradeHeading.current?.focus()
  }, [answers])

  const grade = useCallback(
    async (rating: GradeRating) => {
      if (!answers || submitting.current) return
      submitting.current = true
      setPending(true)
      setError(null)
      const result = await gradeAction({
        cardId,
        attemptToken,
        rating,
        pointsTicked: answers.filter((a) => a.correct).map((a) => a.slot),
        durationMs,
        answerMode: 'typed',
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      })
      if (!result.ok) {
        setError(result.error)
        submitting.current = false
        setPending(false)
      }
    },
    [answers, cardId, attemptToken, durationMs],
  )

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
    <article
      aria-labelledby="prompt-title"
      className="space-y-6"
      data-testid="review-card"
      data-card-id={cardId}
    >
      <header className="space-y-2">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {props.title} · {props.queueNote}
        </p>
        <h2 id="prompt-title" className="text-xl font-semibold">
          Timeline drill
        </h2>
        <p data-testid="review-prompt" className="max-w-3xl text-lg">
          {props.prompt}
        </p>
      </header>
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
          <p data-testid="suggested-rating">
            Suggested: <strong>{RATING_NAMES[suggested]}</strong>
            <span className="text-zinc-700 dark:text-zinc-300">
              {' '}
              — all right is Good, one wrong Hard, two or more Again; you may choose another.
            </span>
          </p>
          <RatingButtons choices={props.choices} suggested={suggested} disabled={pending} onGrade={grade} />
          {error && (
            <p role="alert" className="text-red-800 dark:text-red-300">
              {error}
            </p>
          )}
        </section>
      )}
    </article>
  )
}
