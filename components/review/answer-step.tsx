'use client'
// Before Show answer: answer out loud (record it, watch the live transcript) or type it,
// then Show answer (or Space).
import { ReadyTextarea } from '../ready-controls'
import { Button } from '../ui/button'
import { inputClass } from '../ui/input-class'
import { LiveTranscript } from './live-transcript'
import { RecordButton } from './recorder/record-button'
import { RecordingPlayer } from './recorder/recording-player'
import type { useAnswerRecording } from './recorder/use-answer-recording'

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
      <div className="space-y-1">
        <label htmlFor="typed-answer" className="block text-sm font-medium">
          Or type your answer (optional)
        </label>
        {/* Client state: disabled until hydrated, so nothing typed before is lost. */}
        <ReadyTextarea
          id="typed-answer"
          value={props.typed}
          onChange={(event) => props.onTyped(event.target.value)}
          rows={4}
          className={`w-full ${inputClass('md')}`}
        />
      </div>
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
