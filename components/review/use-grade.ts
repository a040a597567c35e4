'use client'
// Grading one attempt of a card: sends the grade once (a second press while one is in
// flight does nothing), with the browser's time zone; on an error the learner may try again.
import { useCallback, useRef, useState } from 'react'
import { gradeAction } from '@/app/review/actions'
import type { GradeRating } from '@/lib/srs/rubric'

export interface GradeFields {
  cardId: string
  attemptToken: string
  pointsTicked: string[]
  durationMs: number
  answerMode: 'spoken' | 'typed' | 'aloud'
}

/** `fields` is null until the card can be graded; memoize it, `grade` changes with it. */
export function useGrade(fields: GradeFields | null) {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submitting = useRef(false)
  const grade = useCallback(
    async (rating: GradeRating) => {
      if (!fields || submitting.current) return
      submitting.current = true
      setPending(true)
      setError(null)
      const result = await gradeAction({
        ...fields,
        rating,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      })
      if (!result.ok) {
        setError(result.error)
        submitting.current = false
        setPending(false)
      }
    },
    [fields],
  )
  return { grade, pending, error }
}
