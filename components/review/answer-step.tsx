'use client'
// Before Show answer: answer out loud (record it, watch the live transcript) or type it,
// then Show answer (or Space).
import { Button } from '../ui/button'
import { LiveTranscript } from './live-transcript'
import { RecordButton } from './recorder/record-button'
import { RecordingPlayer } from './recorder/recording-player'
import type { useAnswerRecording } from './recorder/use-answer-recording'
import { TypedAnswer } from './typed-answer'

export function AnswerStep(props: {
  recording: ReturnType<typeof useAnswerRecording>
  /** A card with points to tick (not a plain card): says so in the instructions. */
  hasPoints: boolean
  typed: string
  onTyped: (text: string) => void
  onTranscript: (text: string) => void
  onReveal: () => void
}) {
  return (
    <section aria-label="Your answer" className="max-w-3xl space-y-4">
      <p className="text-zinc-800 dark:text-zinc-200">
        Answer out loud, as you would in the interview. When you are done, press <strong>Show answer</strong>{' '}
        (or the Space bar) and{' '}
        {props.hasPoints ? 'check yourself against the points.' : 'grade how well you recalled it.'}
      </p>
      <RecordButton recording={props.recording} />
      <RecordingPlayer recording={props.recording} />
      {/* Mounted only until Show answer: unmounting stops listening. */}
      <LiveTranscript listening onTranscript={props.onTranscript} />
      <TypedAnswer
        id="typed-answer"
        label="Or type your answer (optional)"
        value={props.typed}
        onChange={props.onTyped}
        rows={4}
      />
      <Button
        variant="primary"
        size="md"
        waitsForHydration
        onClick={props.onReveal}
        aria-keyshortcuts="Space"
      >
        Show answer
      </Button>
    </section>
  )
}
