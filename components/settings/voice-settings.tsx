'use client'
// "Hands-free voice" on /settings: how fast the questions and feedback are read, and in which of the
// browser's voices — kept on this device (hands-free is a device's habit, not the learner's).
import { useEffect, useState } from 'react'
import {
  DEFAULT_VOICE,
  readVoiceChoice,
  saveVoiceChoice,
  type VoiceChoice,
} from '@/components/review/hands-free/hands-free-setting'

export function VoiceSettings() {
  const [choice, setChoice] = useState<VoiceChoice>(DEFAULT_VOICE)
  const [voices, setVoices] = useState<string[]>([])

  useEffect(() => {
    setChoice(readVoiceChoice())
    if (!('speechSynthesis' in window)) return
    const list = () => setVoices(speechSynthesis.getVoices().map((voice) => voice.name))
    list()
    speechSynthesis.addEventListener('voiceschanged', list)
    return () => speechSynthesis.removeEventListener('voiceschanged', list)
  }, [])

  function change(next: VoiceChoice) {
    setChoice(next)
    saveVoiceChoice(next)
  }

  return (
    <section aria-labelledby="voice-title" className="max-w-xl space-y-3">
      <h2 id="voice-title" className="text-xl font-semibold">
        Hands-free voice
      </h2>
      <p className="text-zinc-700 dark:text-zinc-300">
        With <strong>Hands-free</strong> on in Review, Drill reads each question and its feedback aloud with
        your browser&apos;s own speech, on this device.
      </p>
      <label className="block space-y-1">
        <span className="font-medium">Speech rate: {choice.rate.toFixed(1)}×</span>
        <input
          type="range"
          min={0.5}
          max={2}
          step={0.1}
          value={choice.rate}
          onChange={(event) => change({ ...choice, rate: Number(event.target.value) })}
          className="block w-full"
        />
      </label>
      <label className="block space-y-1">
        <span className="font-medium">Voice</span>
        <select
          value={choice.voice}
          onChange={(event) => change({ ...choice, voice: event.target.value })}
          className="block w-full rounded border border-zinc-400 bg-white p-2 dark:bg-zinc-900"
        >
          <option value="">The browser&apos;s default</option>
          {voices.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
    </section>
  )
}
