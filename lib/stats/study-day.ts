// Days as the learner counts them, the same study day the scheduler uses
// (lib/srs: their timezone, a day that starts at the rollover hour). Days are
// day numbers (whole days since 1970-01-01), so stepping back a week is plain
// arithmetic and never meets a DST gap.
import { dayNumberIsoDate, type StudyDayConfig, studyDayNumberOf } from '@/lib/calendar'

export type StudyDayOptions = StudyDayConfig

/** The study day (a day number) that the instant `ms` falls in. */
export function studyDayOf(ms: number, options: StudyDayOptions): number {
  return studyDayNumberOf(ms, options)
}

// A page names the same few hundred days on every view (the heatmap's year): each is worked
// out once per process. Under Next every `new Date` is also wrapped, which makes it dearer.
const dayKeys = new Map<number, string>()

/** 'YYYY-MM-DD' for a day number. */
export function dayKey(day: number): string {
  let key = dayKeys.get(day)
  if (key === undefined) {
    key = dayNumberIsoDate(day)
    if (dayKeys.size >= 4096) dayKeys.clear()
    dayKeys.set(day, key)
  }
  return key
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayOf(day: number): number {
  // Day 0 (1970-01-01) was a Thursday.
  return (((day + 3) % 7) + 7) % 7
}

/** The Monday on or before `day`. */
export function mondayOf(day: number): number {
  return day - weekdayOf(day)
}

// The study day of every review of a history, per zone and rollover hour. The heatmap and the
// retention both count reviews by study day, and working a day out costs a zone offset per
// review: for a history queries.ts keeps (one array per learner while its log's version holds),
// the days are worked out once per view after a review, not on every view.
const reviewDaysByHistory = new WeakMap<readonly { reviewedAtMs: number }[], Map<string, Int32Array>>()

/** `reviews[i]`'s study day at index i. The arrays are shared: callers must not change them. */
export function studyDaysOfReviews(
  reviews: readonly { reviewedAtMs: number }[],
  options: StudyDayOptions,
): Int32Array {
  const key = `${options.timezone} ${options.rolloverHour}`
  let byOptions = reviewDaysByHistory.get(reviews)
  let days = byOptions?.get(key)
  if (days) return days
  days = Int32Array.from(reviews, (review) => studyDayOf(review.reviewedAtMs, options))
  if (!byOptions) {
    byOptions = new Map()
    reviewDaysByHistory.set(reviews, byOptions)
  }
  // A learner changes zone or hour rarely; a history keeps its latest few.
  if (byOptions.size >= 4) byOptions.clear()
  byOptions.set(key, days)
  return days
}
