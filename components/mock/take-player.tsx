'use client'
// Playback of one phase's take, from this browser's recordings (they never leave it): the
// recording of the phase's card whose round names this mock and phase.
import { useEffect, useId, useState } from 'react'
import { formatClock } from '../review/answer-timer'
import { recordingsForCard } from '../review/recorder/recording-store'

export function TakePlayer({ cardId, round }: { cardId: string; round: string }) {
  const [take, setTake] = useState<{ url: string; durationMs: number } | null>(null)
  const labelId = useId()
  useEffect(() => {
    let url: string | null = null
    let cancelled = false
    recordingsForCard(cardId)
      .then((stored) => {
        const found = stored.find((r) => r.round === round)
        if (cancelled || !found) return
        url = URL.createObjectURL(found.audio)
        setTake({ url, durationMs: found.durationMs })
      })
      .catch(() => {
        // No IndexedDB here: nothing to play.
      })
    return () => {
      cancelled = true
      if (url) URL.revokeObjectURL(url)
    }
  }, [cardId, round])
  if (!take) return null
  return (
    <div className="space-y-1" data-testid="mock-take">
      <p className="text-sm font-semibold">
        <span id={labelId}>Your take</span>{' '}
        <span className="font-normal text-zinc-700 dark:text-zinc-300">({formatClock(take.durationMs)})</span>
      </p>
      {/* biome-ignore lint/a11y/useMediaCaption: the learner's own voice; the transcript or typed text is shown above */}
      <audio
        controls
        preload="metadata"
        src={take.url}
        aria-labelledby={labelId}
        className="w-full max-w-md"
      />
    </div>
  )
}
