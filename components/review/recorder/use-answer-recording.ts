'use client'
// The recorder's state for one card's review: start/stop the microphone, measure the
// take, store it in IndexedDB, and load "Your answer" and "Last time" for the card.
// Shared by the Record button and the players, which sit in different places on the page.
import { useCallback, useEffect, useRef, useState } from 'react'
import { watchInputLevel } from './input-level'
import { microphoneProblem } from './microphone-problem'
import { recordingsForCard, saveRecording } from './recording-store'
import { pickRecordings } from './retention'

export interface PlayableRecording {
  url: string
  durationMs: number
}

/** 'mounting': before hydration, drawn as a disabled button so that nothing shifts when it is enabled. */
export type RecorderStatus = 'mounting' | 'unsupported' | 'idle' | 'starting' | 'recording'

export interface AnswerRecording {
  status: RecorderStatus
  elapsedMs: number
  level: number
  problem: string | null
  current: PlayableRecording | null
  previous: PlayableRecording | null
  toggle(): void
}

interface Running {
  recorder: MediaRecorder
  stream: MediaStream
  startedAt: number
  closeLevel(): void
  timer: number
}

function isSupported(): boolean {
  return (
    typeof window.MediaRecorder === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function'
  )
}

export function useAnswerRecording({
  cardId,
  round,
  stopNow,
}: {
  cardId: string
  /** The card's review round: recordings of another round are "Last time". */
  round: string
  /** True once the answer is shown: a running recording stops. */
  stopNow: boolean
}): AnswerRecording {
  // 'mounting' until mounted, so the server render and the first client render agree (a disabled
  // button holding its place: enabling it, or removing it where it cannot record, shifts nothing on Chrome).
  const [status, setStatus] = useState<RecorderStatus>('mounting')
  const [elapsedMs, setElapsedMs] = useState(0)
  const [level, setLevel] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)
  const [current, setCurrent] = useState<PlayableRecording | null>(null)
  const [previous, setPrevious] = useState<PlayableRecording | null>(null)
  const running = useRef<Running | null>(null)
  const urls = useRef<string[]>([])
  // Read after the permission prompt: the answer may have been shown while it was open.
  const stopRequested = useRef(stopNow)
  stopRequested.current = stopNow

  const playable = useCallback((blob: Blob, durationMs: number): PlayableRecording => {
    const url = URL.createObjectURL(blob)
    urls.current.push(url)
    return { url, durationMs }
  }, [])

  useEffect(() => {
    setStatus(isSupported() ? 'idle' : 'unsupported')
    let cancelled = false
    recordingsForCard(cardId)
      .then((stored) => {
        if (cancelled) return
        const { current, previous } = pickRecordings(stored, round)
        if (current) setCurrent(playable(current.audio, current.durationMs))
        if (previous) setPrevious(playable(previous.audio, previous.durationMs))
      })
      .catch(() => {
        // No IndexedDB (e.g. some private modes): nothing to play back, the review goes on.
      })
    return () => {
      cancelled = true
    }
  }, [cardId, round, playable])

  const release = useCallback(() => {
    const run = running.current
    if (!run) return
    running.current = null
    window.clearInterval(run.timer)
    run.closeLevel()
    for (const track of run.stream.getTracks()) track.stop()
    setLevel(0)
  }, [])

  const stop = useCallback(() => {
    const run = running.current
    if (run && run.recorder.state !== 'inactive') run.recorder.stop()
  }, [])

  const start = useCallback(async () => {
    setProblem(null)
    setStatus('starting')
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch (error) {
      setProblem(microphoneProblem(error))
      setStatus('idle')
      return
    }
    if (stopRequested.current) {
      for (const track of stream.getTracks()) track.stop()
      setStatus('idle')
      return
    }
    const recorder = new MediaRecorder(stream)
    const chunks: Blob[] = []
    const startedAt = performance.now()
    const levelWatch = watchInputLevel(stream)
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    }
    recorder.onstop = () => {
      const durationMs = Math.round(performance.now() - startedAt)
      release()
      setStatus('idle')
      const audio = new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || 'audio/webm' })
      if (audio.size === 0) return
      setCurrent(playable(audio, durationMs))
      void saveRecording({
        id: crypto.randomUUID(),
        cardId,
        round,
        recordedAtMs: Date.now(),
        durationMs,
        sizeBytes: audio.size,
        mimeType: audio.type,
        audio,
      }).catch(() =>
        setProblem('This recording could not be kept in the browser; you can still play it now.'),
      )
    }
    const timer = window.setInterval(() => {
      setElapsedMs(performance.now() - startedAt)
      if (levelWatch) setLevel(levelWatch.read())
    }, 100)
    running.current = { recorder, stream, startedAt, timer, closeLevel: () => levelWatch?.close() }
    setElapsedMs(0)
    recorder.start(1000)
    setStatus('recording')
  }, [cardId, round, playable, release])

  const toggle = useCallback(() => {
    if (status === 'recording') stop()
    else if (status === 'idle') void start()
  }, [status, start, stop])

  useEffect(() => {
    if (stopNow) stop()
  }, [stopNow, stop])

  // Leaving the card: stop the microphone and free the object URLs.
  useEffect(
    () => () => {
      const run = running.current
      if (run) {
        run.recorder.onstop = null
        if (run.recorder.state !== 'inactive') run.recorder.stop()
      }
      release()
      for (const url of urls.current) URL.revokeObjectURL(url)
      urls.current = []
    },
    [release],
  )

  return { status, elapsedMs, level, problem, current, previous, toggle }
}
