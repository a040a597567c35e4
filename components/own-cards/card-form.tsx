'use client'
// Write or edit an own card: Title, Prompt, Deck, Point 1 … Point N (3–7) with
// "Point N is critical" (at most one) and optional cue phrases, an optional
// Model answer with a live preview, Save card. The server validates with the
// shared card schema; its errors are shown next to their fields and nothing is saved.
import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'
import {
  type CardFormResult,
  createCardAction,
  previewMarkdownAction,
  suggestPointsAction,
  updateCardAction,
} from '@/app/cards/actions'
import type { FieldErrors } from '@/lib/own-cards/errors'
import { Button } from '../ui/button'
import { FieldError, FieldHint } from '../ui/fields'
import { fieldInputClass } from '../ui/input-class'

const MIN_POINTS = 3
const MAX_POINTS = 7

export interface CardFormValues {
  title: string
  prompt: string
  deck: string
  points: { id: string; text: string; critical: boolean; cues: string }[]
  answerMarkdown: string
  /** 'html' for a card imported from Anki: prompt and answer are its HTML. */
  format?: 'markdown' | 'html'
}

interface PointRow {
  /** React key: stable across add/remove. */
  key: number
  id: string
  text: string
  critical: boolean
  cues: string
}

/** Point ids stay stable across edits (history counts misses per point id); new points get the next free pN. */
function withIds(rows: readonly PointRow[]): PointRow[] {
  const used = new Set(rows.map((row) => row.id).filter(Boolean))
  let n = 1
  return rows.map((row) => {
    if (row.id) return row
    while (used.has(`p${n}`)) n++
    used.add(`p${n}`)
    return { ...row, id: `p${n}` }
  })
}

export function CardForm({
  cardId,
  initial,
  deckNames,
}: {
  /** Set when editing an existing card. */
  cardId?: string
  initial?: CardFormValues
  deckNames: readonly string[]
}) {
  const router = useRouter()
  const nextKey = useRef(0)
  const row = (point?: CardFormValues['points'][number]): PointRow => ({
    key: nextKey.current++,
    id: point?.id ?? '',
    text: point?.text ?? '',
    critical: point?.critical ?? false,
    cues: point?.cues ?? '',
  })
  const [title, setTitle] = useState(initial?.title ?? '')
  const [prompt, setPrompt] = useState(initial?.prompt ?? '')
  const [deck, setDeck] = useState(initial?.deck ?? '')
  const [points, setPoints] = useState<PointRow[]>(() =>
    initial ? initial.points.map((p) => row(p)) : Array.from({ length: MIN_POINTS }, () => row()),
  )
  const [answer, setAnswer] = useState(initial?.answerMarkdown ?? '')
  const format = initial?.format ?? 'markdown'
  const [suggestStatus, setSuggestStatus] = useState('')
  const [previewHtml, setPreviewHtml] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [status, setStatus] = useState('')
  const [pending, setPending] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const focusAfterRender = useRef<string | null>(null)

  // Live preview through the server's sanitizing render (the one the card page uses).
  useEffect(() => {
    let current = true
    const timer = setTimeout(async () => {
      const html = answer.trim() ? await previewMarkdownAction(answer, format) : ''
      if (current) setPreviewHtml(html)
    }, 250)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [answer, format])

  useEffect(() => {
    if (!focusAfterRender.current) return
    document.getElementById(focusAfterRender.current)?.focus()
    focusAfterRender.current = null
  })

  const describedBy = (field: string, hint?: string) =>
    [hint, errors[field] ? `${field}-error` : undefined].filter(Boolean).join(' ') || undefined

  const updatePoint = (key: number, change: Partial<PointRow>) =>
    setPoints((rows) =>
      rows.map((r) => {
        if (r.key === key) return { ...r, ...change }
        // At most one critical point: ticking one clears the others.
        return change.critical ? { ...r, critical: false } : r
      }),
    )

  const addPoint = () => {
    if (points.length >= MAX_POINTS) return
    focusAfterRender.current = `point-${points.length + 1}`
    setPoints((rows) => [...rows, row()])
  }

  // The answer's top-level list items become the points (a plain card becomes a point card).
  const suggest = async () => {
    const suggestion = await suggestPointsAction(answer, format).catch(() => null)
    if (!suggestion || suggestion.kind === 'too-few') {
      setSuggestStatus(
        `The model answer needs a list of at least ${MIN_POINTS} items to suggest points from${
          suggestion ? ` (it has ${suggestion.found})` : ''
        }.`,
      )
      return
    }
    focusAfterRender.current = 'point-1'
    setPoints(suggestion.texts.map((text, index) => ({ ...row(), id: `p${index + 1}`, text })))
    setSuggestStatus(
      `Suggested ${suggestion.texts.length} points from the model answer's list: check them, then save.`,
    )
  }

  const removePoint = (key: number) => {
    focusAfterRender.current = 'add-point'
    setPoints((rows) => rows.filter((r) => r.key !== key))
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    setPending(true)
    setStatus('')
    const rows = withIds(points)
    setPoints(rows)
    const input = {
      title,
      prompt,
      deck,
      points: rows.map((r) => ({
        id: r.id,
        text: r.text,
        critical: r.critical,
        cues: r.cues
          .split(',')
          .map((cue) => cue.trim())
          .filter(Boolean),
      })),
      answerMarkdown: answer,
      format,
    }
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

  const text = (
    field: 'title' | 'prompt' | 'deck',
    label: string,
    value: string,
    set: (value: string) => void,
    hint?: string,
  ) => (
    <div>
      <label htmlFor={field} className="font-medium">
        {label}
      </label>
      {field === 'prompt' ? (
        <textarea
          id={field}
          data-field={field}
          rows={3}
          value={value}
          onChange={(e) => set(e.target.value)}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy(field, hint && `${field}-hint`)}
          className={fieldInputClass}
        />
      ) : (
        <input
          id={field}
          data-field={field}
          type="text"
          value={value}
          list={field === 'deck' ? 'deck-names' : undefined}
          onChange={(e) => set(e.target.value)}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy(field, hint && `${field}-hint`)}
          className={fieldInputClass}
        />
      )}
      {hint && <FieldHint id={`${field}-hint`}>{hint}</FieldHint>}
      <FieldError id={`${field}-error`} message={errors[field]} />
    </div>
  )

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="max-w-3xl space-y-6">
      {text('title', 'Title', title, setTitle)}
      {text('prompt', 'Prompt', prompt, setPrompt, 'The question as an interviewer would ask it.')}
      {text('deck', 'Deck', deck, setDeck, 'One of your decks, or a new name (e.g. "Rate limiter").')}
      <datalist id="deck-names">
        {deckNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>

      <fieldset className="space-y-4" aria-describedby={describedBy('points', 'points-hint')}>
        <legend className="text-lg font-semibold">Points</legend>
        <p id="points-hint" className="text-sm text-zinc-700 dark:text-zinc-300">
          The {MIN_POINTS} to {MAX_POINTS} things a strong answer says. Mark the one that fails the answer
          when missed as critical (at most one). Cue phrases (optional, comma-separated) pre-tick the point
          when your typed answer or transcript contains them.
        </p>
        <FieldError id="points-error" message={errors.points} />
        <ol className="space-y-4">
          {points.map((point, index) => {
            const n = index + 1
            const field = `point-${n}`
            return (
              <li
                key={point.key}
                className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
                data-testid="point-row"
              >
                <label htmlFor={field} className="font-medium">
                  Point {n}
                </label>
                <textarea
                  id={field}
                  data-field={field}
                  rows={2}
                  value={point.text}
                  onChange={(e) => updatePoint(point.key, { text: e.target.value })}
                  aria-invalid={errors[field] ? true : undefined}
                  aria-describedby={describedBy(field)}
                  className={fieldInputClass}
                />
                <FieldError id={`${field}-error`} message={errors[field]} />
                <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-2">
                  <span className="flex items-center gap-2">
                    <input
                      id={`${field}-critical`}
                      type="checkbox"
                      checked={point.critical}
                      onChange={(e) => updatePoint(point.key, { critical: e.target.checked })}
                      className="size-4"
                    />
                    <label htmlFor={`${field}-critical`}>Point {n} is critical</label>
                  </span>
                  {/* A card that came without points (say, from Anki) may go back to having none. */}
                  {(points.length > MIN_POINTS || initial?.points.length === 0) && (
                    <button
                      type="button"
                      onClick={() => removePoint(point.key)}
                      className="text-sm underline underline-offset-2"
                    >
                      Remove point {n}
                    </button>
                  )}
                </div>
                <label htmlFor={`${field}-cues`} className="mt-2 block text-sm">
                  Cue phrases for point {n} (optional)
                </label>
                <input
                  id={`${field}-cues`}
                  data-field={`${field}-cues`}
                  type="text"
                  value={point.cues}
                  onChange={(e) => updatePoint(point.key, { cues: e.target.value })}
                  aria-invalid={errors[`${field}-cues`] ? true : undefined}
                  aria-describedby={describedBy(`${field}-cues`)}
                  className={fieldInputClass}
                />
                <FieldError id={`${field}-cues-error`} message={errors[`${field}-cues`]} />
              </li>
            )
          })}
        </ol>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            id="add-point"
            onClick={addPoint}
            disabled={points.length >= MAX_POINTS}
            aria-describedby="add-point-hint"
          >
            Add point
          </Button>
          <Button id="suggest-points" onClick={() => void suggest()} aria-describedby="suggest-points-hint">
            Suggest points
          </Button>
        </div>
        <p id="add-point-hint" className="text-sm text-zinc-700 dark:text-zinc-300">
          {points.length === 0
            ? `No points: a plain card, graded with the four buttons. Add ${MIN_POINTS} to ${MAX_POINTS} to grade it point by point.`
            : `${points.length} of at most ${MAX_POINTS} points.`}
        </p>
        <p id="suggest-points-hint" className="text-sm text-zinc-700 dark:text-zinc-300">
          Suggest points takes them from the model answer&apos;s list ({MIN_POINTS} to {MAX_POINTS} items).
        </p>
        <p role="status" className="text-sm" data-testid="suggest-points-status">
          {suggestStatus}
        </p>
      </fieldset>

      <div>
        <label htmlFor="answer" className="font-medium">
          Model answer
        </label>
        <textarea
          id="answer"
          data-field="answer"
          rows={8}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          aria-invalid={errors.answer ? true : undefined}
          aria-describedby={describedBy('answer', 'answer-hint')}
          className={`${fieldInputClass} font-mono text-sm`}
        />
        <FieldHint id="answer-hint">
          {format === 'html'
            ? 'Optional. HTML, as it came from Anki: only safe tags are kept.'
            : 'Optional. Markdown: headings, lists, **bold**, `code`, tables, links. HTML is shown as text.'}
        </FieldHint>
        <FieldError id="answer-error" message={errors.answer} />
        <section aria-labelledby="preview-title" className="mt-3">
          <h2 id="preview-title" className="text-sm font-semibold uppercase tracking-wide">
            Preview
          </h2>
          <div
            data-testid="answer-preview"
            className="prose-drill mt-1 min-h-12 rounded-lg border border-dashed border-zinc-300 p-3 dark:border-zinc-700"
            // Sanitized on the server by lib/content/markdown (the card page's render).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitize-html output
            dangerouslySetInnerHTML={{ __html: previewHtml }}
          />
        </section>
      </div>

      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" size="md" disabled={pending}>
          Save card
        </Button>
        <p role="status" className="text-sm" data-testid="form-status">
          {status}
        </p>
      </div>
    </form>
  )
}
