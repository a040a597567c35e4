// The dashboard's streak: consecutive study days with at least one review.

/** Study days in a row ending today, or yesterday when today has no review yet. */
export function streakEndingAt(studyDays: ReadonlySet<number>, today: number): number {
  let day = studyDays.has(today) ? today : today - 1
  let streak = 0
  while (studyDays.has(day)) {
    streak += 1
    day -= 1
  }
  return streak
}
