// The hands-free loop's voice: the browser's own speech synthesis (on the device), at the rate and in
// the voice chosen on /settings. `say` resolves when the sentence has been spoken (or cancelled).
import { readVoiceChoice } from './hands-free-setting'

export function canSpeak(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window
}

export function say(text: string): Promise<void> {
  return new Promise((resolve) => {
    const { rate, voice } = readVoiceChoice()
    const utterance = new SpeechSynthesisUtterance(text)
    utterance.rate = rate
    const chosen = speechSynthesis.getVoices().find((v) => v.name === voice)
    if (chosen) utterance.voice = chosen
    utterance.onend = () => resolve()
    utterance.onerror = () => resolve()
    speechSynthesis.speak(utterance)
  })
}

export function hush(): void {
  if (canSpeak()) speechSynthesis.cancel()
}
