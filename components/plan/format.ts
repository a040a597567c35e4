// Text for the plan: recall as a percentage, study days and instants as dates.
import { dayNumberIsoDate, type StudyDayConfig, studyDayNumberOf } from '@/lib/calendar'
import { formatShortDay, formatStudyDay } from '../stats/format'

export function percent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)}%`
}

/** A study day number → 'Tue 17 Mar 2026'. */
export function studyDay(dayNumber: number): string {
  return formatStudyDay(dayNumberIsoDate(dayNumber))
}

/** A study day number → '17 Mar'. */
export function shortStudyDay(dayNumber: number): string {
  return formatShortDay(dayNumberIsoDate(dayNumber))
}

/** The study day an instant falls on, as a date ('Tue 17 Mar 2026'). */
export function dayOfInstant(ms: number, config: StudyDayConfig): string {
  return studyDay(studyDayNumberOf(ms, config))
}

export function countdownText(daysLeft: number): string {
  if (daysLeft === 0) return 'Today is your interview'
  return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} to your interview`
}
