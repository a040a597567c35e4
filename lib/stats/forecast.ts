// Reviews due per study day over the coming days. Overdue cards count today,
// because that is when they will be asked.
import type { CardStateRecord } from '@/db/queries/study'
import { State } from '@/lib/srs/scheduler'
import { dayKey, type StudyDayOptions, studyDayOf } from './study-day'

export interface ForecastDay {
  day: number
  date: string
  /** 0 = today. */
  offset: number
  count: number
}

export interface Forecast {
  days: ForecastDay[]
  total: number
  overdue: number
}

export function dueForecast(
  cardStates: readonly CardStateRecord[],
  nowMs: number,
  options: StudyDayOptions,
  dayCount = 30,
): Forecast {
  const today = studyDayOf(nowMs, options)
  const days: ForecastDay[] = Array.from({ length: dayCount }, (_, offset) => ({
    day: today + offset,
    date: dayKey(today + offset),
    offset,
    count: 0,
  }))
  let overdue = 0
  for (const card of cardStates) {
    if (card.state === State.New) continue
    if (card.dueMs < nowMs) overdue++
    const offset = Math.max(0, studyDayOf(card.dueMs, options) - today)
    const slot = days[offset]
    if (slot) slot.count++
  }
  return { days, total: days.reduce((sum, d) => sum + d.count, 0), overdue }
}
