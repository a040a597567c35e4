'use client'
// "Your answer" (this review's take) and "Last time" (the previous review's take),
// as native audio players over blob: URLs, so the learner can listen while ticking points.
import { useId } from 'react'
import { formatClock } from '../answer-timer'
import type { AnswerRecording, PlayableRecording } from './use-answer-recording'

/**
 * MediaRecorder's WebM has no duration in its header, so Chromium reports Infinity until it has
 * read the whole file. Seeking far past the end makes it read it; then rewind.
 */
function settleDuration(audio: HTMLAudioElement) {
  if (audio.duration !== Number.POSITIVE_INFINITY) return
  const rewind = () => {
    if (!Number.isFinite(audio.duration)) return
    audio.removeEventListener('durationchange', rewind)
    audio.currentTime = 0
  }
  audio.addEventListener('durationchange', rewind)
  audio.currentTime = Number.MAX_SAFE_INTEGER
}

function Player({ label, testId, take }: { label: string; testId: string; take: PlayableRecording }) {
  const labelId = useId()
  return (
    <div className="space-y-1">
      <p className="text-sm font-semibold">
        <span id={labelId}>{label}</span>{' '}
        <span className="font-normal text-zinc-700 dark:text-zinc-300">({formatClock(take.durationMs)})</span>
      </p>
      {/* biome-ignore lint/a11y/useMediaCaption: the learner's own voice; there is nothing to caption */}
      <audio
        controls
        preload="metadata"
        src={take.url}
        aria-labelledby={labelId}
        data-testid={testId}
        onLoadedMetadata={(event) => settleDuration(event.currentTarget)}
        className="w-full max-w-md"
      />
    </div>
  )
}

export function RecordingPlayer({ recording }: { recording: AnswerRecording }) {
  const { current, previous } = recording
  if (!current && !previous) return null
  return (
    <div
      data-testid="recordings"
      className="space-y-3 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700"
    >
      {current && <Player label="Your answer" testId="your-answer-audio" take={current} />}
      {previous && <Player label="Last time" testId="last-time-audio" take={previous} />}
    </div>
  )
}
