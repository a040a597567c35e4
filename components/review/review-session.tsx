'use client'
// One card's review: prompt and timer → answer (aloud, typed, or live transcript) →
// Show answer (Space) → tick the points → grade (1–4). The grade goes into the device's
// queue (use-grade.ts) and the review queue shows the day's next card.
import { type ReactNode, type Ref, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { pointsCuedIn } from '@/lib/srs/cues'
import { type GradeRating, suggestRating } from '@/lib/srs/rubric'
import { ReadyTextarea } from '../ready-controls'
import { Button } from '../ui/button'
import { inputClass } from '../ui/input-class'
import { AnswerTimer } from './answer-timer'
import { GradeControls, ReviewCardFrame } from './card-frame'
import { isSpaceActivated, isTypingTarget } from './keyboard'
import { LiveTranscript } from './live-transcript'
import type { RatingChoice } from './rating-buttons'
import { RecordButton } from './recorder/record-button'
import { RecordingPlayer } from './recorder/recording-player'
import { useAnswerRecording } from './recorder/use-answer-recording'
import { type GradeFields, useGrade } from './use-grade'

export interface SessionPoint {
  id: string
  text: string
  critical: boolean
  cues: readonly string[]
}

export interface ReviewSessionProps {
  cardId: string
  title: string
  prompt: string
  /** An Anki card's prompt as sanitized HTML (shown instead of `prompt`). */
  promptHtml?: string
  /** None: a plain card — Show answer, then the four grades, no points to tick. */
  points: readonly SessionPoint[]
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
  const [startedAt, setStartedAt] = useState(0)
  const [answeredAfterMs, setAnsweredAfterMs] = useState<number | null>(null)
  const [typed, setTyped] = useState('')
  const [transcript, setTranscript] = useState('')
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
  const [preTicked, setPreTicked] = useState<ReadonlySet<string>>(new Set())
  const answerHeading = useRef<HTMLHeadingElement>(null)
  const promptHeading = useRef<HTMLHeadingElement>(null)
  const revealed = answeredAfterMs !== null
  const recording = useAnswerRecording({
    cardId,
    round: props.reviewRound,
    stopNow: revealed,
  })

  useEffect(() => {
    setStartedAt(performance.now())
    promptHeading.current?.focus()
  }, [])

  const reveal = useCallback(() => {
    if (answeredAfterMs !== null) return
    setAnsweredAfterMs(Math.round(performance.now() - startedAt))
    const cued = new Set(pointsCuedIn(points, `${transcript} ${typed}`))
    setTicked(cued)
    setPreTicked(cued)
  }, [answeredAfterMs, startedAt, points, transcript, typed])

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

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return
      if (!revealed && event.key === ' ' && !isSpaceActivated(event.target)) {
        event.preventDefault()
        reveal()
      } else if (revealed && ['1', '2', '3', '4'].includes(event.key)) {
        event.preventDefault()
        void grade(Number(event.key) as GradeRating)
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [revealed, reveal, grade])

  const suggested = suggestRating(points, ticked)
  const toggle = (id: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

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
      {!revealed && (
        <section aria-label="Your answer" className="max-w-3xl space-y-4">
          <p className="text-zinc-800 dark:text-zinc-200">
            Answer out loud, as you would in the interview. When you are done, press{' '}
            <strong>Show answer</strong> (or the Space bar) and{' '}
            {points.length > 0 ? 'check yourself against the points.' : 'grade how well you recalled it.'}
          </p>
          <RecordButton recording={recording} />
          <RecordingPlayer recording={recording} />
          <LiveTranscript listening={!revealed} onTranscript={setTranscript} />
          <div className="space-y-1">
            <label htmlFor="typed-answer" className="block text-sm font-medium">
              Or type your answer (optional)
            </label>
            {/* Client state: disabled until hydrated, so nothing typed before is lost. */}
            <ReadyTextarea
              id="typed-answer"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              rows={4}
              className={`w-full ${inputClass('md')}`}
            />
          </div>
          <Button variant="primary" size="md" waitsForHydration onClick={reveal} aria-keyshortcuts="Space">
            Show answer
          </Button>
        </section>
      )}

      {revealed && points.length === 0 && (
        <PlainCardCheck
          headingRef={answerHeading}
          answer={props.answer}
          recording={<RecordingPlayer recording={recording} />}
          grades={
            <GradeControls
              suggested={suggested}
              reason="how well did you recall it?"
              choices={props.choices}
              pending={pending}
              error={error}
              onGrade={grade}
            />
          }
        />
      )}

      {revealed && points.length > 0 && (
        <section aria-labelledby="check-title" className="max-w-3xl space-y-5">
          <h2
            id="check-title"
            ref={answerHeading}
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
          <RecordingPlayer recording={recording} />
          <fieldset className="space-y-2">
            <legend className="mb-2 font-semibold">Which points did you make?</legend>
            {preTicked.size > 0 && (
              <p className="text-sm text-zinc-700 dark:text-zinc-300">
                Points whose words appear in your answer are ticked as a suggestion: confirm or clear each
                one.
              </p>
            )}
            {points.map((point) => (
              <div
                key={point.id}
                // The label stretches over the whole box (after:inset-0), so a click anywhere on it ticks.
                className={`relative flex items-start gap-3 rounded-lg border p-3 ${
                  point.critical
                    ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/40'
                    : 'border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900'
                }`}
              >
                <input
                  id={`point-${point.id}`}
                  type="checkbox"
                  checked={ticked.has(point.id)}
                  onChange={(event) => toggle(point.id, event.target.checked)}
                  aria-describedby={point.critical ? `critical-${point.id}` : undefined}
                  className="relative z-10 mt-1 size-4 shrink-0"
                />
                <div>
                  {point.critical && (
                    <strong
                      id={`critical-${point.id}`}
                      className="block text-xs font-semibold uppercase tracking-wide text-red-800 dark:text-red-300"
                    >
                      Critical point — missing it means Again
                    </strong>
                  )}
                  <label
                    htmlFor={`point-${point.id}`}
                    className="cursor-pointer after:absolute after:inset-0 after:rounded-lg after:content-['']"
                  >
                    {point.text}
                  </label>
                  {preTicked.has(point.id) && (
                    <span className="ml-2 text-xs text-zinc-700 dark:text-zinc-300">
                      (heard in your answer)
                    </span>
                  )}
                </div>
              </div>
            ))}
          </fieldset>
          <GradeControls
            suggested={suggested}
            reason="you may choose another."
            choices={props.choices}
            pending={pending}
            error={error}
            onGrade={grade}
          />
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
      )}
    </ReviewCardFrame>
  )
}

/** A plain card (no points, e.g. from Anki): the answer to compare with, then the four grades. */
function PlainCardCheck(props: {
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
