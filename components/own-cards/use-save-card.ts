'use client'
// Save card: the form's values to the create or update action; on success the card's page,
// else every error next to its field, the first invalid field focused, and nothing saved.
import { useRouter } from 'next/navigation'
import { useRef, useState } from 'react'
import { type CardFormResult, createCardAction, updateCardAction } from '@/app/cards/actions'
import type { FieldErrors } from '@/lib/own-cards/errors'
import type { PointRow } from './use-point-rows'

export interface CardDraft {
  title: string
  prompt: string
  deck: string
  /** The points as saved: each with its id. */
  rows: readonly PointRow[]
  answer: string
  format: 'markdown' | 'html'
}

function inputOf(draft: CardDraft) {
  return {
    title: draft.title,
    prompt: draft.prompt,
    deck: draft.deck,
    points: draft.rows.map((r) => ({
      id: r.id,
      text: r.text,
      critical: r.critical,
      cues: r.cues
        .split(',')
        .map((cue) => cue.trim())
        .filter(Boolean),
    })),
    answerMarkdown: draft.answer,
    format: draft.format,
  }
}

/** `draft` is read when Save is pressed (it numbers new points). */
export function useSaveCard(cardId: string | undefined, draft: () => CardDraft) {
  const router = useRouter()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState('')
  const [pending, setPending] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setPending(true)
    setStatus('')
    const input = inputOf(draft())
    let result: CardFormResult
    try {
      result = cardId ? await updateCardAction(cardId, input) : await createCardAction(input)
    } catch {
      result = { ok: false, fieldErrors: { form: 'The card could not be saved. Try again.' } }
    }
    if (result.ok) {
      router.push(`/cards/${result.id}`)
      return
    }
    setPending(false)
    setErrors(result.fieldErrors)
    setStatus(result.fieldErrors.form ?? 'Nothing was saved: fix the fields marked below.')
    // Focus the first field with an error, in form order.
    const firstInvalid = [...(formRef.current?.querySelectorAll<HTMLElement>('[data-field]') ?? [])].find(
      (element) => element.dataset.field && result.fieldErrors[element.dataset.field],
    )
    firstInvalid?.focus()
  }

  return { submit, errors, status, pending, formRef }
}
