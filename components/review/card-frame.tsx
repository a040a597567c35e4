'use client'
// What every card in /review shows around its own body (recall or drill): the deck and
// queue line, the heading and prompt, and at the end the grade controls — the suggested
// rating with its reason, the four buttons and any error from grading.
import type { ReactNode, Ref } from 'react'
import { type GradeRating, RATING_NAMES } from '@/lib/srs/rubric'
import { RatingButtons, type RatingChoice } from './rating-buttons'

export function ReviewCardFrame(props: {
  cardId: string
  title: string
  queueNote: string
  heading: string
  /** Given when the heading takes focus (a new card). */
  headingRef?: Ref<HTMLHeadingElement>
  prompt: string
  /** A card imported from Anki: its prompt as sanitized HTML (lib/content/markdown), shown instead. */
  promptHtml?: string
  /** Below the prompt, e.g. the answer timer. */
  headerExtra?: ReactNode
  children: ReactNode
}) {
  return (
    <article
      aria-labelledby="prompt-title"
      className="space-y-6"
      data-testid="review-card"
      data-card-id={props.cardId}
    >
      <header className="space-y-2">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {props.title} · {props.queueNote}
        </p>
        <h2
          id="prompt-title"
          ref={props.headingRef}
          tabIndex={props.headingRef ? -1 : undefined}
          className="text-xl font-semibold outline-none"
        >
          {props.heading}
        </h2>
        {props.promptHtml === undefined ? (
          <p data-testid="review-prompt" className="max-w-3xl text-lg">
            {props.prompt}
          </p>
        ) : (
          <div
            data-testid="review-prompt"
            className="prose-drill max-w-3xl text-lg"
            // Sanitized on the server by lib/content/markdown (Anki's HTML path).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitize-html output
            dangerouslySetInnerHTML={{ __html: props.promptHtml }}
          />
        )}
        {props.headerExtra}
      </header>
      {props.children}
    </article>
  )
}

export function GradeControls(props: {
  suggested: GradeRating
  /** Why that rating, after the dash: "you may choose another." */
  reason: string
  choices: readonly RatingChoice[]
  pending: boolean
  error: string | null
  onGrade: (rating: GradeRating) => void
}) {
  return (
    <>
      <p data-testid="suggested-rating">
        Suggested: <strong>{RATING_NAMES[props.suggested]}</strong>
        <span className="text-zinc-700 dark:text-zinc-300"> — {props.reason}</span>
      </p>
      <RatingButtons
        choices={props.choices}
        suggested={props.suggested}
        disabled={props.pending}
        onGrade={props.onGrade}
      />
      {props.error && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {props.error}
        </p>
      )}
    </>
  )
}
