'use client'
// After Show answer: the learner's answer (typed text or live transcript) as text to select from, so
// words can be selected with the mouse or the keyboard (Shift+arrows) and the selection stays when focus
// moves on to a point's "This is where I said it" (teach-point.tsx). Not a `readonly` textarea: Chromium
// gives those no caret, so the keyboard could not select. Edits are refused instead (beforeinput), and
// the value stays the answer the grader heard.
import { type RefObject, useEffect } from 'react'

const refuseEdit = (event: Event) => event.preventDefault()

export function AnswerText({
  answer,
  answerRef,
}: {
  answer: string
  answerRef: RefObject<HTMLTextAreaElement | null>
}) {
  useEffect(() => {
    const box = answerRef.current
    box?.addEventListener('beforeinput', refuseEdit)
    return () => box?.removeEventListener('beforeinput', refuseEdit)
  }, [answerRef])
  return (
    <div className="space-y-1">
      <label htmlFor="answer-text" className="font-semibold">
        Your answer
      </label>
      <p id="answer-text-help" className="text-sm text-zinc-700 dark:text-zinc-300">
        Ticked a point the grader did not hear? Select the words here that made it (with the mouse, or Shift
        and the arrow keys), then press “This is where I said it” on that point: the grader will hear them
        next time.
      </p>
      <textarea
        id="answer-text"
        data-testid="answer-text"
        ref={answerRef}
        aria-readonly="true"
        value={answer}
        // A cut or drop that slips past beforeinput is put back on the next render.
        onChange={() => {}}
        spellCheck={false}
        rows={Math.min(8, Math.max(2, Math.ceil(answer.length / 80)))}
        aria-describedby="answer-text-help"
        className="w-full rounded-lg border border-zinc-300 bg-zinc-50 p-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
    </div>
  )
}
