'use client'
// The card form's Model answer and its live preview, rendered by the server's sanitizing
// render (the one the card page uses), a quarter second after typing stops.
import { useEffect, useState } from 'react'
import { previewMarkdownAction } from '@/app/cards/actions'
import type { FieldErrors } from '@/lib/own-cards/errors'
import { FieldError, FieldHint } from '../ui/fields'
import { fieldInputClass } from '../ui/input-class'
import { describedByFor } from './card-form-values'

function useAnswerPreview(answer: string, format: 'markdown' | 'html'): string {
  const [previewHtml, setPreviewHtml] = useState('')
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
  return previewHtml
}

export function AnswerField({
  answer,
  onChange,
  format,
  errors,
}: {
  answer: string
  onChange: (answer: string) => void
  format: 'markdown' | 'html'
  errors: FieldErrors
}) {
  const previewHtml = useAnswerPreview(answer, format)
  return (
    <div>
      <label htmlFor="answer" className="font-medium">
        Model answer
      </label>
      <textarea
        id="answer"
        data-field="answer"
        rows={8}
        value={answer}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors.answer ? true : undefined}
        aria-describedby={describedByFor(errors)('answer', 'answer-hint')}
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
  )
}
