'use client'
// The player's step through a trace: play/pause (one event per 900 ms at 1×), step, scrub,
// speed, and the keys (Space, ←/→, Home/End). A new trace starts at its end again, so its
// outcome is visible at once.
import { type KeyboardEvent, useEffect, useState } from 'react'
import type { Trace } from '@/lib/engine/client'

export const SPEEDS = [0.5, 1, 2, 4] as const
const BASE_STEP_MS = 900

export function usePlayback(trace: Trace, initialStep: number | undefined) {
  const last = Math.max(0, trace.events.length - 1)
  const [step, setStep] = useState(() => Math.min(initialStep ?? last, last))
  const [playing, setPlaying] = useState(false)
  const [speed, setSpeed] = useState<number>(1)

  const [shownTrace, setShownTrace] = useState(trace)
  if (shownTrace !== trace) {
    setShownTrace(trace)
    setStep(Math.min(initialStep ?? last, last))
    setPlaying(false)
  }

  useEffect(() => {
    if (!playing) return
    if (step >= last) {
      setPlaying(false)
      return
    }
    const timer = setTimeout(() => setStep((s) => Math.min(s + 1, last)), BASE_STEP_MS / speed)
    return () => clearTimeout(timer)
  }, [playing, step, speed, last])

  const go = (next: number) => {
    setPlaying(false)
    setStep(Math.max(0, Math.min(last, next)))
  }
  const togglePlay = () => {
    if (playing) return setPlaying(false)
    if (step >= last) setStep(0)
    setPlaying(true)
  }

  // Keys anywhere in the player; buttons, selects and links keep their own Space/Enter.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement
    const tag = target.tagName
    if (tag === 'BUTTON' || tag === 'SELECT' || tag === 'A') return
    const isSlider = tag === 'INPUT'
    if (event.key === ' ') {
      event.preventDefault()
      togglePlay()
    } else if (isSlider) {
      return // the native slider already handles arrows, Home and End
    } else if (
      (event.key === 'ArrowRight' || event.key === 'ArrowLeft') &&
      target.scrollWidth > target.clientWidth
    ) {
      return // a focused region wider than its box: the arrows scroll it sideways, as in any scroll box
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      go(step + 1)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      go(step - 1)
    } else if (event.key === 'Home') {
      event.preventDefault()
      go(0)
    } else if (event.key === 'End') {
      event.preventDefault()
      go(last)
    }
  }

  return { step, last, playing, speed, setSpeed, go, togglePlay, onKeyDown }
}

export type Playback = ReturnType<typeof usePlayback>
