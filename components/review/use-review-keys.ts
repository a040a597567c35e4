'use client'
// The review's keys: Space shows the answer (unless a control that Space activates has focus),
// then 1–4 grade. Never while typing, nor with a modifier (Ctrl+Z is Undo's).
import { useEffect } from 'react'
import type { GradeRating } from '@/lib/srs/rubric'
import { isSpaceActivated, isTypingTarget } from './keyboard'

export function useReviewKeys({
  revealed,
  reveal,
  grade,
}: {
  revealed: boolean
  reveal: () => void
  grade: (rating: GradeRating) => unknown
}) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return
      if (!revealed && event.key === ' ' && !isSpaceActivated(event.target)) {
        event.preventDefault()
        reveal()
      } else if (revealed && ['1', '2', '3', '4'].includes(event.key)) {
        event.preventDefault()
        void grade(Number(event.key) as GradeRating)
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [revealed, reveal, grade])
}
