'use client'
// The player's controls: Play/Pause, Step back, Step forward, Speed, and the scrubber (an
// ARIA slider that narrates the event), with the step and its narration under it.
import type { Ref } from 'react'
import { ReadyInput, ReadySelect } from '../ready-controls'
import { Button } from '../ui/button'
import { inputClass } from '../ui/input-class'
import { type Playback, SPEEDS } from './use-playback'

export function PlayerControls({
  playback,
  eventCount,
  title,
  narration,
  sliderRef,
}: {
  playback: Playback
  eventCount: number
  title: string
  narration: string
  sliderRef: Ref<HTMLInputElement>
}) {
  const { step, last, go } = playback
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Button waitsForHydration onClick={playback.togglePlay}>
          {playback.playing ? 'Pause' : 'Play'}
        </Button>
        <Button waitsForHydration onClick={() => go(step - 1)} disabled={step === 0}>
          Step back
        </Button>
        <Button waitsForHydration onClick={() => go(step + 1)} disabled={step >= last}>
          Step forward
        </Button>
        <label className="flex items-center gap-1 text-sm">
          Speed
          <ReadySelect
            className={inputClass('sm')}
            value={playback.speed}
            onChange={(event) => playback.setSpeed(Number(event.target.value))}
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </ReadySelect>
        </label>
      </div>
      <div>
        <ReadyInput
          type="range"
          min={0}
          max={last}
          step={1}
          value={step}
          ref={sliderRef}
          aria-label={`Step through ${title}`}
          aria-valuetext={narration}
          onChange={(event) => go(Number(event.target.value))}
          className="w-full accent-sky-700 dark:accent-sky-400"
        />
        <p className="mt-1 text-sm" aria-hidden="true">
          <span className="font-mono">
            {step + 1}/{eventCount}
          </span>{' '}
          {narration}
        </p>
      </div>
    </>
  )
}
