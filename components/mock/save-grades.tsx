'use client'
// Save grades: one review per card asked, each with the suggested rating unless the learner
// picks another first. POST /api/mock/{id}/grades records them once; a second press, a reload
// or a retried request records nothing more (the server says so).
import { useState } from 'react'
import { type GradeRating, RATING_NAMES, RATINGS } from '@/lib/srs/rubric'
import { ReadySelect } from '../ready-controls'
import { Button } from '../ui/button'
import { inputClass } from '../ui/input-class'

export interface SaveCard {
  cardId: string
  title: string
  suggested: GradeRating
  pointsMade: number
  pointsAsked: number
}

export function SaveGrades({
  mockId,
  cards,
  saved,
}: {
  mockId: string
  cards: readonly SaveCard[]
  /** Ratings recorded by an earlier save, if any. */
  saved: Readonly<Record<string, number>> | null
}) {
  const [ratings, setRatings] = useState<Record<string, GradeRating>>(() =>
    Object.fromEntries(cards.map((c) => [c.cardId, (saved?.[c.cardId] as GradeRating) ?? c.suggested])),
  )
  const [status, setStatus] = useState(saved ? 'Grades saved: one review per card asked.' : '')
  const [busy, setBusy] = useState(false)

  async function save() {
    setBusy(true)
    try {
      const response = await fetch(`/api/mock/${mockId}/grades`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ratings: cards.map((c) => ({ cardId: c.cardId, rating: ratings[c.cardId] })),
        }),
      })
      const body = (await response.json()) as { reviews?: unknown[]; alreadySaved?: boolean; detail?: string }
      if (response.status === 201) setStatus(`Grades saved: ${body.reviews?.length ?? 0} reviews recorded.`)
      else if (response.ok && body.alreadySaved) setStatus('Already saved: nothing more was recorded.')
      else setStatus(`Not saved: ${body.detail ?? response.statusText}`)
    } catch {
      setStatus('Not saved: the network failed. Try again (a retry never records twice).')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-3">
      <ul className="space-y-2">
        {cards.map((card) => (
          <li key={card.cardId} data-testid="mock-card-grade" className="flex flex-wrap items-center gap-3">
            <label htmlFor={`mock-grade-${card.cardId}`} className="min-w-0 flex-1">
              {card.title}{' '}
              <span className="text-sm text-zinc-700 dark:text-zinc-300">
                ({card.pointsMade} of {card.pointsAsked} points; suggested {RATING_NAMES[card.suggested]})
              </span>
            </label>
            <ReadySelect
              id={`mock-grade-${card.cardId}`}
              value={ratings[card.cardId]}
              disabled={saved !== null}
              onChange={(e) =>
                setRatings((r) => ({ ...r, [card.cardId]: Number(e.target.value) as GradeRating }))
              }
              className={inputClass('md')}
            >
              {RATINGS.map((rating) => (
                <option key={rating} value={rating}>
                  {RATING_NAMES[rating]}
                </option>
              ))}
            </ReadySelect>
          </li>
        ))}
      </ul>
      <Button variant="primary" size="md" waitsForHydration disabled={busy} onClick={() => void save()}>
        Save grades
      </Button>
      <p role="status" data-testid="save-grades-status" className="text-sm">
        {status}
      </p>
    </div>
  )
}
