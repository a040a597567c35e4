'use client'
// One card's review: prompt and timer → answer (aloud, typed, live transcript; answer-step.tsx) →
// Show answer (Space) → the grader pre-ticks the points it heard (use-point-checks.ts) → the learner
// confirms each box → grade (1–4) into the device's queue (use-grade.ts). Hands-free runs the same
// steps by voice (hands-free/) while its switch is on.
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { TaughtPhrase } from '@/lib/grading'
import type { RatingChoice, SessionPoint } from '@/lib/review/day-card'
import { suggestRating } from '@/lib/srs/rubric'
import { AnswerStep } from './answer-step'
import { AnswerTimer } from './answer-timer'
import { GradeControls, ReviewCardFrame } from './card-frame'
import { usePreloadGraderOnFirstInput } from './grader-loader'
import { HandsFreeCard } from './hands-free/hands-free-card'
import { PlainCardCheck, PointsCheck } from './points-check'
import { RecordingPlayer } from './recorder/recording-player'
import { useAnswerRecording } from './recorder/use-answer-recording'
import { type GradeFields, useGrade } from './use-grade'
import { answerTextOf, usePointChecks } from './use-point-checks'
import { useReviewKeys } from './use-review-keys'

export type { SessionPoint }

export interface ReviewSessionProps {
  cardId: string
  title: string
  prompt: string
  /** An Anki card's prompt as sanitized HTML (shown instead of `prompt`). */
  promptHtml?: string
  /** None: a plain card — Show answer, then the four grades, no points to tick. */
  points: readonly SessionPoint[]
  /** The learner's phrases that may hear these points (taught with "This is where I said it"). */
  taught?: readonly TaughtPhrase[]
  /** The model answer, rendered on the server. */
  answer: ReactNode
  choices: readonly RatingChoice[]
  /** Texts of the points missed at this card's last review. */
  missedLastTime: readonly string[]
  queueNote: string
  /** This card's review round (its last review id, or "first"): recordings of other rounds are "Last time". */
  reviewRound: string
  /** Answer length to aim for (card front matter), if any. */
  answerTargetMs: number | null
}

export function ReviewSession(props: ReviewSessionProps) {
  const { cardId, points } = props
  // Taken as the card is first drawn in the browser (on the server too, where it is not shown).
  const [startedAt] = useState(() => performance.now())
  const [answeredAfterMs, setAnsweredAfterMs] = useState<number | null>(null)
  const [typed, setTyped] = useState('')
  const [transcript, setTranscript] = useState('')
  const checks = usePointChecks(points, cardId, props.taught)
  const { hear, ticked } = checks
  const answerHeading = useRef<HTMLHeadingElement>(null)
  const promptHeading = useRef<HTMLHeadingElement>(null)
  const revealed = answeredAfterMs !== null
  const recording = useAnswerRecording({ cardId, round: props.reviewRound, stopNow: revealed })

  useEffect(() => {
    promptHeading.current?.focus()
  }, [])

  usePreloadGraderOnFirstInput()
  // The answer time is taken at the press; the answer shows once the grader has heard it (its
  // boxes set), so nothing — hands-free's spoken suggestion included — reads the boxes before.
  const revealing = useRef(false)
  const reveal = useCallback(() => {
    if (revealing.current) return
    revealing.current = true
    const afterMs = Math.round(performance.now() - startedAt)
    void hear(answerTextOf(transcript, typed)).finally(() => setAnsweredAfterMs(afterMs))
  }, [startedAt, hear, transcript, typed])

  useEffect(() => {
    if (revealed) answerHeading.current?.focus()
  }, [revealed])

  const fields = useMemo<GradeFields | null>(
    () =>
      answeredAfterMs === null
        ? null
        : {
            cardId,
            pointsTicked: [...ticked],
            durationMs: answeredAfterMs,
            answerMode: transcript.trim() ? 'spoken' : typed.trim() ? 'typed' : 'aloud',
          },
    [answeredAfterMs, cardId, ticked, transcript, typed],
  )
  const { grade, pending, error } = useGrade(fields)
  useReviewKeys({ revealed, reveal, grade })

  const suggested = suggestRating(points, ticked)
  const gradeControls = (reason: string) => (
    <GradeControls {...{ suggested, reason, pending, error }} choices={props.choices} onGrade={grade} />
  )

  return (
    <ReviewCardFrame
      cardId={cardId}
      title={props.title}
      queueNote={props.queueNote}
      heading="Prompt"
      headingRef={promptHeading}
      prompt={props.prompt}
      promptHtml={props.promptHtml}
      headerExtra={
        <AnswerTimer startedAt={startedAt} stoppedAfterMs={answeredAfterMs} targetMs={props.answerTargetMs} />
      }
    >
      <HandsFreeCard
        {...{ prompt: props.prompt, revealed, reveal, points, ticked, suggested, grade }}
        verdicts={checks.verdicts}
      />
      {!revealed && (
        <AnswerStep
          recording={recording}
          hasPoints={points.length > 0}
          typed={typed}
          onTyped={setTyped}
          onTranscript={setTranscript}
          onReveal={reveal}
        />
      )}
      {revealed && points.length === 0 && (
        <PlainCardCheck
          headingRef={answerHeading}
          answer={props.answer}
          recording={<RecordingPlayer recording={recording} />}
          grades={gradeControls('how well did you recall it?')}
        />
      )}
      {revealed && points.length > 0 && (
        <PointsCheck
          headingRef={answerHeading}
          missedLastTime={props.missedLastTime}
          recording={<RecordingPlayer recording={recording} />}
          points={points}
          verdicts={checks.verdicts}
          ticked={ticked}
          onToggle={checks.toggle}
          grades={gradeControls('you may choose another.')}
          answer={props.answer}
          cardId={cardId}
          answerText={answerTextOf(transcript, typed)}
        />
      )}
    </ReviewCardFrame>
  )
}
