'use client'
// "This is where I said it" for one card: reads the words selected in the answer text (a readonly
// textarea, so the mouse or Shift+arrows select), sends them with the point to teachGraderAction, and
// keeps a note per point (taught, refused with the reason, or waiting for a connection). A phrase taught
// offline counts on this page at once and is sent when the browser is back online (taught-here.ts).
import { useCallback, useRef, useState } from 'react'
import { type TeachActionResult, teachGraderAction } from '@/app/review/actions'
import { rememberTaught } from './taught-here'

export interface TeachNote {
  kind: 'taught' | 'refused' | 'waiting'
  text: string
}

interface TeachRequest {
  cardId: string
  pointId: string
  phrase: string
  answer: string
}

const waiting: TeachRequest[] = []
let listening = false

/** Sends the phrases taught offline once the browser is online again. */
function sendWhenOnline(request: TeachRequest): void {
  waiting.push(request)
  if (listening) return
  listening = true
  window.addEventListener('online', () => {
    for (const next of waiting.splice(0)) void send(next).catch(() => waiting.push(next))
  })
}

async function send(request: TeachRequest): Promise<TeachActionResult> {
  const result = await teachGraderAction(request)
  if (result.ok) rememberTaught(result.taught)
  return result
}

export function useTeachGrader(cardId: string, answer: string) {
  const answerRef = useRef<HTMLTextAreaElement>(null)
  const [notes, setNotes] = useState<ReadonlyMap<string, TeachNote>>(new Map())
  const note = useCallback(
    (pointId: string, value: TeachNote) => setNotes((current) => new Map(current).set(pointId, value)),
    [],
  )

  const teach = useCallback(
    async (pointId: string) => {
      const box = answerRef.current
      const phrase = box ? box.value.slice(box.selectionStart, box.selectionEnd).trim() : ''
      if (phrase === '')
        return note(pointId, {
          kind: 'refused',
          text: 'First select the words that made this point in “Your answer”, then press this again.',
        })
      const request = { cardId, pointId, phrase, answer }
      try {
        const result = await send(request)
        note(
          pointId,
          result.ok
            ? { kind: 'taught', text: `Taught: from now on “${phrase}” is heard for this point.` }
            : { kind: 'refused', text: result.error },
        )
      } catch {
        // No connection (the action's fetch failed): heard on this page now, stored once online.
        rememberTaught({ cardId, pointId, phrase, concept: null })
        sendWhenOnline(request)
        note(pointId, {
          kind: 'waiting',
          text: `Offline: “${phrase}” is heard on this page now and saved when you are back online.`,
        })
      }
    },
    [cardId, answer, note],
  )

  return { answerRef, notes, teach }
}
