'use client'
// Grading one attempt of a card: the grade goes into the device's queue under a review id
// minted here (crypto.randomUUID, the request's Idempotency-Key), then — when online — is
// sent at once and the page refreshed; offline it waits in the queue and the next card of
// the day is shown. A second press while one is being queued does nothing.
import { useRouter } from 'next/navigation'
import { useCallback, useEffect, useRef, useState } from 'react'
import { allGrades, enqueueGrade, holdGrade, releaseGrade } from '@/components/offline/grade-store'
import { flushGrades } from '@/components/offline/sync'
import type { GradeRating } from '@/lib/srs/rubric'
import { browserTimezone } from './browser-zone'

export interface GradeFields {
  cardId: string
  pointsTicked: string[]
  durationMs: number
  answerMode: 'spoken' | 'typed' | 'aloud'
}

/** `fields` is null until the card can be graded; memoize it, `grade` changes with it. */
export function useGrade(fields: GradeFields | null) {
  const router = useRouter()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submitting = useRef(false)
  // Each grade carries the browser's zone (stored with the first one where none is), read ahead in a
  // worker: on the main thread, the page's first Intl.DateTimeFormat cost 50–110 ms (ICU's date data).
  useEffect(() => {
    void browserTimezone()
  }, [])
  const grade = useCallback(
    async (rating: GradeRating) => {
      if (!fields || submitting.current) return
      submitting.current = true
      setPending(true)
      setError(null)
      const key = crypto.randomUUID()
      const again = (message: string) => {
        setError(message)
        submitting.current = false
        setPending(false)
      }
      // Online, the card stays until the server answered; offline (or unreachable) the next one shows.
      const online = navigator.onLine
      if (online) holdGrade(key)
      const reviewedAtMs = Date.now()
      try {
        await enqueueGrade(
          key,
          {
            ...fields,
            rating,
            reviewedAt: new Date(reviewedAtMs).toISOString(),
            timezone: await browserTimezone(),
          },
          reviewedAtMs,
        )
      } catch {
        releaseGrade(key)
        return again('This browser could not keep the grade (its storage is off). Nothing was recorded.')
      }
      if (!online) return
      const outcome = await flushGrades()
      const mine = (await allGrades()).find((g) => g.key === key)
      releaseGrade(key)
      if (mine?.status === 'refused')
        return again('That grade could not be recorded. Reload the page and try again.')
      if (outcome.synced > 0) router.refresh()
    },
    [fields, router],
  )
  return { grade, pending, error }
}
