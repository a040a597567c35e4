// The final-window rule: while an interview date is set and not passed, a review
// whose plain FSRS due would fall on or after the interview day is brought forward
// into the last study days before it, so no studied card goes unreviewed there.
// Never later than FSRS: a due already before the interview day is left as it is.
// A review inside the window is that card's window review: what it schedules is
// plain FSRS, unless it was the card's first sight, which is brought forward too,
// so a card started as late as two days before the interview is still seen twice.
//
// The scheduler (./scheduler.ts) applies it at the one place it computes a due, and everything
// else in lib/plan builds on lib/srs. Days are study-day numbers (lib/calendar).

/** The last this many study days before the interview (fewer when fewer are left). */
export const FINAL_WINDOW_DAYS = 3

/** The window's days that are still ahead of `todayDay` (inclusive bounds), or null when none are. */
export function finalWindowAhead(
  todayDay: number,
  interviewDay: number,
): { firstDay: number; lastDay: number } | null {
  const firstDay = Math.max(interviewDay - FINAL_WINDOW_DAYS, todayDay + 1)
  const lastDay = interviewDay - 1
  return firstDay <= lastDay ? { firstDay, lastDay } : null
}

/**
 * Which of the days firstDay…lastDay a card goes to: FNV-1a of its id spreads the cards
 * over the window the same way every time (no clock, no Math.random).
 */
export function windowDayFor(cardKey: string, firstDay: number, lastDay: number): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < cardKey.length; i++) {
    hash ^= cardKey.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return firstDay + ((hash >>> 0) % (lastDay - firstDay + 1))
}

export interface WindowedDue {
  dueDay: number
  /** The plain FSRS due day when it was brought forward, else null. */
  broughtForwardFromDay: number | null
}

/** True when `day` is one of the final window's days. */
export function isInFinalWindow(day: number, interviewDay: number): boolean {
  return day >= interviewDay - FINAL_WINDOW_DAYS && day < interviewDay
}

/**
 * The due day a review on `todayDay` gets. `interviewDay` null (no date) or already
 * reached: plain FSRS. Otherwise a plain due on or after the interview day moves to
 * one of the window's days still ahead (which one is fixed by the card, to spread
 * the load); with no window day ahead (reviewed on the last day before), or for a
 * review inside the window that was not the card's first sight, it stays.
 */
export function dueDayWithFinalWindow({
  cardKey,
  todayDay,
  plainDueDay,
  interviewDay,
  firstSight,
}: {
  cardKey: string
  todayDay: number
  plainDueDay: number
  interviewDay: number | null
  /** The card's first review (it was new). */
  firstSight: boolean
}): WindowedDue {
  const plain = { dueDay: plainDueDay, broughtForwardFromDay: null }
  if (interviewDay === null || plainDueDay < interviewDay) return plain
  if (!firstSight && isInFinalWindow(todayDay, interviewDay)) return plain
  const window = finalWindowAhead(todayDay, interviewDay)
  if (!window) return plain
  return {
    dueDay: windowDayFor(cardKey, window.firstDay, window.lastDay),
    broughtForwardFromDay: plainDueDay,
  }
}
