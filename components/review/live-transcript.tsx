'use client'
// Optional live transcript through the browser's speech recognition. Off by
// default; only offered where the browser has it; says plainly where audio may go.
import { useEffect, useRef, useState } from 'react'

interface RecognitionResultList {
  length: number
  [index: number]: { isFinal: boolean; 0: { transcript: string } }
}
interface Recognition {
  continuous: boolean
  interimResults: boolean
  lang: string
  onresult: ((event: { resultIndex: number; results: RecognitionResultList }) => void) | null
  onerror: ((event: { error: string }) => void) | null
  onend: (() => void) | null
  start(): void
  stop(): void
}
type RecognitionConstructor = new () => Recognition

function recognitionConstructor(): RecognitionConstructor | undefined {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor
    webkitSpeechRecognition?: RecognitionConstructor
  }
  return w.SpeechRecognition ?? w.webkitSpeechRecognition
}

export function LiveTranscript({
  listening,
  onTranscript,
}: {
  listening: boolean
  onTranscript: (text: string) => void
}) {
  // null until mounted: the box is drawn (its checkbox disabled) so that nothing shifts when it is known.
  const [supported, setSupported] = useState<boolean | null>(null)
  const [enabled, setEnabled] = useState(false)
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const recognitionRef = useRef<Recognition | null>(null)

  useEffect(() => setSupported(recognitionConstructor() !== undefined), [])

  useEffect(() => {
    const Ctor = recognitionConstructor()
    if (!enabled || !listening || !Ctor) return
    const recognition = new Ctor()
    recognition.continuous = true
    recognition.interimResults = true
    recognition.lang = document.documentElement.lang || 'en'
    let finalText = ''
    recognition.onresult = (event) => {
      let interim = ''
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i]
        if (!result) continue
        if (result.isFinal) finalText += `${result[0].transcript} `
        else interim += result[0].transcript
      }
      const combined = `${finalText}${interim}`.trim()
      setText(combined)
      onTranscript(combined)
    }
    recognition.onerror = (event) => setProblem(`Speech recognition stopped: ${event.error}.`)
    recognition.onend = () => {
      recognitionRef.current = null
    }
    try {
      recognition.start()
      recognitionRef.current = recognition
    } catch {
      setProblem('Speech recognition could not start.')
    }
    return () => recognition.stop()
  }, [enabled, listening, onTranscript])

  if (supported === false) return null
  return (
    <div className="space-y-2 rounded-lg border border-zinc-300 p-3 dark:border-zinc-700">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={enabled}
          disabled={supported === null}
          onChange={(event) => setEnabled(event.target.checked)}
          className="mt-1 size-4"
          aria-describedby="transcript-privacy"
        />
        <span>Show a live transcript of what I say</span>
      </label>
      <p id="transcript-privacy" className="text-xs text-zinc-700 dark:text-zinc-300">
        Uses your browser&apos;s speech recognition, which may send your audio to the browser&apos;s vendor to
        transcribe it. Drill never stores the audio or the transcript, only which points you ticked.
      </p>
      {enabled && (
        <p aria-live="polite" className="min-h-6 text-sm italic text-zinc-800 dark:text-zinc-200">
          {text || (listening ? 'Listening…' : '')}
        </p>
      )}
      {problem && <p className="text-sm text-red-800 dark:text-red-300">{problem}</p>}
    </div>
  )
}
