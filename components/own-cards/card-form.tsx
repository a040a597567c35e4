'use client'
// Write or edit an own card: Title, Prompt, Deck, Point 1 … Point N (3–7) with
// "Point N is critical" (at most one) and optional cue phrases, an optional
// Model answer with a live preview, Save card. The server validates with the
// shared card schema; its errors are shown next to their fields and nothing is saved.
// The parts: text-field, points-fieldset (point-row-fields, use-point-rows), answer-field, use-save-card.
import { useState } from 'react'
import { suggestPointsAction } from '@/app/cards/actions'
import { Button } from '../ui/button'
import { AnswerField } from './answer-field'
import { type CardFormValues, MIN_POINTS } from './card-form-values'
import { PointsFieldset } from './points-fieldset'
import { TextField } from './text-field'
import { usePointRows } from './use-point-rows'
import { useSaveCard } from './use-save-card'

export type { CardFormValues } from './card-form-values'

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
  const [title, setTitle] = useState(initial?.title ?? '')
  const [prompt, setPrompt] = useState(initial?.prompt ?? '')
  const [deck, setDeck] = useState(initial?.deck ?? '')
  const rows = usePointRows(initial?.points)
  const [answer, setAnswer] = useState(initial?.answerMarkdown ?? '')
  const format = initial?.format ?? 'markdown'
  const [suggestStatus, setSuggestStatus] = useState('')
  const save = useSaveCard(cardId, () => ({ title, prompt, deck, rows: rows.numbered(), answer, format }))
  const { errors } = save

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
    rows.replaceWith(suggestion.texts)
    setSuggestStatus(
      `Suggested ${suggestion.texts.length} points from the model answer's list: check them, then save.`,
    )
  }

  return (
    <form ref={save.formRef} onSubmit={save.submit} noValidate className="max-w-3xl space-y-6">
      <TextField field="title" label="Title" value={title} onChange={setTitle} errors={errors} />
      <TextField
        field="prompt"
        label="Prompt"
        value={prompt}
        onChange={setPrompt}
        hint="The question as an interviewer would ask it."
        errors={errors}
      />
      <TextField
        field="deck"
        label="Deck"
        value={deck}
        onChange={setDeck}
        hint='One of your decks, or a new name (e.g. "Rate limiter").'
        errors={errors}
      />
      <datalist id="deck-names">
        {deckNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>

      <PointsFieldset
        rows={rows}
        mayHaveNone={initial?.points.length === 0}
        errors={errors}
        suggestStatus={suggestStatus}
        onSuggest={() => void suggest()}
      />

      <AnswerField answer={answer} onChange={setAnswer} format={format} errors={errors} />

      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" size="md" disabled={save.pending}>
          Save card
        </Button>
        <p role="status" className="text-sm" data-testid="form-status">
          {save.status}
        </p>
      </div>
    </form>
  )
}
