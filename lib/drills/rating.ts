// The suggested grade for a drill card: all right → Good, one wrong → Hard, two or more → Again.
import { type GradeRating, Rating } from '@/lib/srs/rubric'

export function suggestDrillRating(answered: number, right: number): GradeRating {
  const wrong = Math.max(0, answered - right)
  if (wrong === 0) return Rating.Good
  if (wrong === 1) return Rating.Hard
  return Rating.Again
}
