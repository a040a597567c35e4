'use client'
// One card, hands-free: the prompt is read aloud → the learner answers (the live transcript or the
// typed box, as always) and ends with "done", a few seconds of silence, or Space → the grader's
// feedback is spoken → "Your grade?" → one/two/three/four records it through the same path as the
// buttons (repeat, answer, skip, stop as commands) → the queue shows the next card, which starts again.
// Loaded only while Hands-free is on (next/dynamic), so the review page carries none of it otherwise.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { GradeRating } from '@/lib/srs/rubric'
import type { Command } from '@/lib/voice/commands'
import {
  ASK_AGAIN,
  ASK_GRADE,
  confirmationOf,
  feedbackSentences,
  type SpokenPoint,
  type SpokenVerdict,
} from '@/lib/voice/feedback'
import type { ListeningFor } from '@/lib/voice/words'
import { canSpeak, hush, say } from './speaker'
import { MicrophoneRefused, openVoiceEngine, type VoiceEngine } from './voice-engine'

/** After this much silence following speech, the answer is over. */
const SILENCE_ENDS_ANSWER_MS = 4000

export interface HandsFreeCard {
  prompt: string
  revealed: boolean
  reveal: () => void
  points: readonly SpokenPoint[]
  verdicts: ReadonlyMap<string, SpokenVerdict>
  ticked: ReadonlySet<string>
  suggested: GradeRating
  grade: (rating: GradeRating) => unknown
  /** The model answer's text, read by "answer". */
  modelAnswer: () => string
  turnOff: () => void
}

type Step = 'starting' | 'reading' | 'answering' | 'feedback' | 'grading' | 'saved' | 'stopped'

const STEP_TEXT: Record<Step, string> = {
  starting: 'Starting the microphone',
  reading: 'Reading the question',
  answering: 'Listening for your answer',
  feedback: 'Reading the feedback',
  grading: 'Listening for a grade',
  saved: 'Saved',
  stopped: 'Hands-free stopped',
}

export default function HandsFreeLoop(card: HandsFreeCard) {
  const [step, setStep] = useState<Step>('starting')
  const [heard, setHeard] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const stepRef = useRef<Step>('starting')
  const cardRef = useRef(card)
  cardRef.current = card
  const silenceTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const spokeDuringAnswer = useRef(false)

  const go = useCallback((next: Step) => {
    stepRef.current = next
    setStep(next)
  }, [])

  const speak = useCallback(async (text: string) => {
    if (canSpeak()) await say(text)
  }, [])

  const askGrade = useCallback(async () => {
    go('feedback')
    const c = cardRef.current
    await speak(feedbackSentences(c))
    await speak(ASK_GRADE)
    if (stepRef.current === 'feedback') go('grading')
  }, [go, speak])

  const onHeard = useCallback(
    (command: Command) => {
      // A decoy word caught something else: say so rather than name a word the learner did not say.
      setHeard(command.kind === 'unclear' ? '' : command.word)
      const c = cardRef.current
      if (command.kind === 'stop') {
        hush()
        go('stopped')
        c.turnOff()
      } else if (stepRef.current === 'answering' && command.kind === 'done') c.reveal()
      else if (stepRef.current !== 'grading') return
      else if (command.kind === 'grade') {
        go('saved')
        void speak(confirmationOf(command.rating)).then(() => c.grade(command.rating))
      } else if (command.kind === 'repeat') void askGrade()
      else if (command.kind === 'answer') {
        go('feedback')
        void speak(c.modelAnswer())
          .then(() => speak(ASK_GRADE))
          .then(() => go('grading'))
      } else if (command.kind === 'skip') {
        hush()
        void speak(ASK_GRADE)
      } else void speak(ASK_AGAIN)
    },
    [askGrade, go, speak],
  )

  const onSpeech = useCallback((inSpeech: boolean) => {
    if (stepRef.current !== 'answering') return
    if (silenceTimer.current) clearTimeout(silenceTimer.current)
    if (inSpeech) spokeDuringAnswer.current = true
    else if (spokeDuringAnswer.current)
      silenceTimer.current = setTimeout(() => {
        if (stepRef.current === 'answering') cardRef.current.reveal()
      }, SILENCE_ENDS_ANSWER_MS)
  }, [])

  // The card's loop: open the ears, read the prompt, listen for the answer.
  useEffect(() => {
    let engine: VoiceEngine | null = null
    let cancelled = false
    const listening = (): ListeningFor | null =>
      stepRef.current === 'answering'
        ? 'answer-end'
        : stepRef.current === 'grading' || stepRef.current === 'feedback'
          ? 'grade'
          : null
    void (async () => {
      if (!canSpeak())
        setProblem(
          'This browser cannot speak, so the questions are not read aloud; answer and grade with the keyboard.',
        )
      try {
        engine = await openVoiceEngine({ listening, onHeard, onSpeech })
        if (cancelled) return engine.close()
      } catch (error) {
        setProblem(
          error instanceof MicrophoneRefused
            ? 'The microphone is off or refused, so Drill cannot hear you: go on with the keyboard (Space, then 1–4).'
            : 'The voice recognizer could not start here: go on with the keyboard (Space, then 1–4).',
        )
      }
      go('reading')
      await speak(cardRef.current.prompt)
      if (!cancelled && stepRef.current === 'reading') go(cardRef.current.revealed ? 'feedback' : 'answering')
    })()
    return () => {
      cancelled = true
      hush()
      if (silenceTimer.current) clearTimeout(silenceTimer.current)
      engine?.close()
    }
  }, [go, onHeard, onSpeech, speak])

  // Shown (by voice, Space or the button): the feedback, then the grade.
  const revealed = card.revealed
  useEffect(() => {
    if (revealed && (stepRef.current === 'answering' || stepRef.current === 'reading')) void askGrade()
  }, [revealed, askGrade])

  return (
    <section
      aria-label="Hands-free"
      className="max-w-3xl space-y-1 rounded-lg border border-emerald-700/40 p-3 text-sm"
    >
      <p role="status" aria-live="polite" data-testid="hands-free-status" data-step={step}>
        {STEP_TEXT[step]}
      </p>
      {heard !== null && (
        <p data-testid="hands-free-heard" className="text-zinc-700 dark:text-zinc-300">
          Last heard: {heard ? `“${heard}”` : 'not a command'}{' '}
          <span className="text-xs">(recognized on this device)</span>
        </p>
      )}
      {problem && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {problem}
        </p>
      )}
    </section>
  )
}
