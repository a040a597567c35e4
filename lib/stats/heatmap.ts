// Reviews per study day over the last year: the calendar heatmap's data.
import type { StatsReview } from './inputs'
import { dayKey, type StudyDayOptions, studyDayOf, studyDaysOfReviews } from './study-day'

export interface HeatmapDay {
  day: number
  date: string
  count: number
  /** 0 = none; 1–4 = quarters of the busiest day. */
  level: 0 | 1 | 2 | 3 | 4
}

export interface Heatmap {
  /** Every study day from `firstDay` to `today`, oldest first. */
  days: HeatmapDay[]
  firstDay: number
  today: number
  total: number
  activeDays: number
  busiest: HeatmapDay | null
}

export function levelFor(count: number, max: number): HeatmapDay['level'] {
  if (count === 0 || max === 0) return 0
  return Math.max(1, Math.min(4, Math.ceil((4 * count) / max))) as HeatmapDay['level']
}

export function reviewHeatmap(
  reviews: readonly StatsReview[],
  nowMs: number,
  options: StudyDayOptions,
  spanDays = 365,
): Heatmap {
  const today = studyDayOf(nowMs, options)
  const firstDay = today - spanDays + 1
  const counts = new Map<number, number>()
  for (const day of studyDaysOfReviews(reviews, options)) {
    if (day < firstDay || day > today) continue
    counts.set(day, (counts.get(day) ?? 0) + 1)
  }
  const max = Math.max(0, ...counts.values())
  const days: HeatmapDay[] = []
  for (let day = firstDay; day <= today; day++) {
    const count = counts.get(day) ?? 0
    days.push({ day, date: dayKey(day), count, level: levelFor(count, max) })
  }
  const active = days.filter((d) => d.count > 0)
  const busiest = active.reduce<HeatmapDay | null>(
    (best, d) => (best && best.count >= d.count ? best : d),
    null,
  )
  return {
    days,
    firstDay,
    today,
    total: active.reduce((sum, d) => sum + d.count, 0),
    activeDays: active.length,
    busiest,
  }
}
