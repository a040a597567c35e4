'use client'
// The Record answer toggle with its elapsed time and input level, the privacy line,
// and the one-line microphone message. Hidden where the browser cannot record.
import { Button } from '../../ui/button'
import { formatClock } from '../answer-timer'
import type { AnswerRecording } from './use-answer-recording'

export function RecordButton({ recording }: { recording: AnswerRecording }) {
  const { status, elapsedMs, level, problem } = recording
  if (status === 'unsupported') return null
  const on = status === 'recording'
  return (
    <div className="space-y-2" data-testid="answer-recorder">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant={on ? 'danger' : 'secondary'}
          size="md"
          aria-pressed={on}
          disabled={status === 'starting' || status === 'mounting'}
          onClick={recording.toggle}
        >
          {on ? 'Stop recording' : 'Record answer'}
        </Button>
        {on && (
          <>
            <span className="text-sm text-zinc-700 dark:text-zinc-300">
              Recording{' '}
              <span data-testid="recording-elapsed" className="font-mono font-semibold tabular-nums">
                {formatClock(elapsedMs)}
              </span>
            </span>
            <meter aria-label="Input level" min={0} max={1} low={0.05} value={level} className="h-3 w-32" />
          </>
        )}
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Recordings stay in this browser and are never sent to the server.
      </p>
      {problem && (
        <p role="status" data-testid="recorder-problem" className="text-sm text-zinc-900 dark:text-zinc-100">
          {problem}
        </p>
      )}
    </div>
  )
}
