'use client'
// The points' boxes after Show answer: the grader (lib/grading, the same code and points
// POST /api/grade/suggest uses) hears the answer in the browser, pre-ticks each point it
// heard and keeps its verdicts for the quotes and warnings; the learner then confirms or
// clears every box. The suggested rating follows the boxes (lib/srs/rubric), so before any
// change it is the grader's own (a critical point missed or contradicted → Again). The
// learner's taught phrases (the card's, and any taught on this page since) hear their points too.
// The grader's module is fetched when first needed (grader-loader.ts).
import { useCallback, useState } from 'react'
import type { GradablePoint, PointVerdict, TaughtPhrase } from '@/lib/grading'
import { loadGrader } from './grader-loader'
import { withTaughtHere } from './taught-here'

/** The answer the grader hears: the live transcript and the typed answer, each when there is one. */
export function answerTextOf(transcript: string, typed: string): string {
  return [transcript, typed].filter((part) => part.trim() !== '').join('\n')
}

export function usePointChecks(
  points: readonly GradablePoint[],
  cardId: string,
  taught: readonly TaughtPhrase[] = [],
) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
  const [verdicts, setVerdicts] = useState<ReadonlyMap<string, PointVerdict>>(new Map())

  /**
   * Hears `answerText` (nothing said or typed: nothing heard, every box clear); resolves once the
   * boxes are set. A grader that cannot be fetched (offline before it was ever cached) hears
   * nothing: the learner ticks the boxes alone.
   */
  const hear = useCallback(
    async (answerText: string) => {
      if (points.length === 0 || answerText.trim() === '') return
      const grader = await loadGrader().catch(() => null)
      if (!grader) return
      const suggestion = grader.suggestGrade(points, answerText, { cardId, taught: withTaughtHere(taught) })
      setVerdicts(new Map(suggestion.points.map((verdict) => [verdict.id, verdict])))
      setTicked(new Set(suggestion.points.filter((verdict) => verdict.heard).map((verdict) => verdict.id)))
    },
    [points, cardId, taught],
  )

  const toggle = useCallback(
    (id: string, on: boolean) =>
      setTicked((current) => {
        const next = new Set(current)
        if (on) next.add(id)
        else next.delete(id)
        return next
      }),
    [],
  )

  return { ticked, verdicts, hear, toggle }
}
