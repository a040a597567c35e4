'use client'
// One phase of the mock: the question (mock-question), its clock, and the answer — recorded
// and transcribed exactly as on /review, or typed. Next (or Finish) stops a running recording
// first, so the take is kept (same local store and limits as /review's) before moving on.
import { useCallback, useEffect, useRef, useState } from 'react'
import { LiveTranscript } from '../review/live-transcript'
import { RecordButton } from '../review/recorder/record-button'
import { useAnswerRecording } from '../review/recorder/use-answer-recording'
import { TypedAnswer } from '../review/typed-answer'
import { Button } from '../ui/button'
import { MockClock } from './mock-clock'

export interface PhaseAnswer {
  text: string
  answerMode: 'spoken' | 'typed' | 'aloud'
  durationMs: number
}

export interface PhaseStepProps {
  label: string
  question: string
  targetMs: number
  cardId: string
  /** The recording's round: this mock and phase, so the report plays exactly this take. */
  round: string
  last: boolean
  busy: boolean
  onNext(answer: PhaseAnswer): void
}

export function PhaseStep(props: PhaseStepProps) {
  const [startedAt, setStartedAt] = useState(0)
  const [typed, setTyped] = useState('')
  const [transcript, setTranscript] = useState('')
  const [leaving, setLeaving] = useState<number | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const sent = useRef(false)
  const recording = useAnswerRecording({
    cardId: props.cardId,
    round: props.round,
    stopNow: leaving !== null,
  })
  const { onNext } = props

  useEffect(() => {
    setStartedAt(performance.now())
    heading.current?.focus()
  }, [])

  // Moves on once no recording is running (its take has been handed to the store).
  useEffect(() => {
    if (
      leaving === null ||
      sent.current ||
      recording.status === 'recording' ||
      recording.status === 'starting'
    )
      return
    sent.current = true
    const text = [transcript.trim(), typed.trim()].filter(Boolean).join('\n')
    onNext({
      text,
      answerMode: transcript.trim() ? 'spoken' : typed.trim() ? 'typed' : 'aloud',
      durationMs: leaving,
    })
  }, [leaving, recording.status, transcript, typed, onNext])

  const next = useCallback(() => {
    setLeaving((current) => current ?? Math.round(performance.now() - startedAt))
  }, [startedAt])

  return (
    <section aria-labelledby="mock-phase-title" className="max-w-3xl space-y-4">
      <h2 id="mock-phase-title" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
        {props.label}
      </h2>
      <p
        data-testid="mock-question"
        data-card-id={props.cardId}
        className="text-lg text-zinc-900 dark:text-zinc-100"
      >
        {props.question}
      </p>
      <MockClock startedAt={startedAt} targetMs={props.targetMs} />
      <RecordButton recording={recording} />
      <LiveTranscript listening={leaving === null} onTranscript={setTranscript} />
      <TypedAnswer
        id="mock-typed-answer"
        label="Or type your answer"
        value={typed}
        onChange={setTyped}
        rows={6}
      />
      <Button
        variant="primary"
        size="md"
        waitsForHydration
        onClick={next}
        disabled={leaving !== null || props.busy}
      >
        {props.last ? 'Finish' : 'Next'}
      </Button>
    </section>
  )
}
