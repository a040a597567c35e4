// Hands-free review is a setting of this device (localStorage), like the voice's rate and name: a
// phone in the car and a laptop at a desk want different answers. Read after hydration only.
import { useCallback, useEffect, useState } from 'react'

const KEY = 'drill-hands-free'
const VOICE_KEY = 'drill-voice'

export interface VoiceChoice {
  /** Speech rate, 0.5–2 (1 is the voice's own). */
  rate: number
  /** A `SpeechSynthesisVoice.name`, or '' for the browser's default. */
  voice: string
}

export const DEFAULT_VOICE: VoiceChoice = { rate: 1, voice: '' }

export function readVoiceChoice(): VoiceChoice {
  try {
    const stored = JSON.parse(localStorage.getItem(VOICE_KEY) ?? 'null') as Partial<VoiceChoice> | null
    const rate = Number(stored?.rate)
    return {
      rate: Number.isFinite(rate) && rate >= 0.5 && rate <= 2 ? rate : 1,
      voice: typeof stored?.voice === 'string' ? stored.voice : '',
    }
  } catch {
    return DEFAULT_VOICE
  }
}

export function saveVoiceChoice(choice: VoiceChoice): void {
  localStorage.setItem(VOICE_KEY, JSON.stringify(choice))
}

/** Whether Hands-free is on on this device, and the switch's setter (remembered). */
export function useHandsFreeSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(false)
  useEffect(() => setOn(localStorage.getItem(KEY) === '1'), [])
  const set = useCallback((next: boolean) => {
    localStorage.setItem(KEY, next ? '1' : '0')
    setOn(next)
  }, [])
  return [on, set]
}
