// The interview date as the settings form takes it: a study day written
// 'YYYY-MM-DD', from today (in the learner's zone and rollover hour) to two years
// ahead. Empty means "no interview": the plan is removed.
import { dayNumberIsoDate, isoDateDayNumber, sameDayYearsAfter } from '@/lib/calendar'

export type InterviewDateCheck = { ok: true; interviewDate: string | null } | { ok: false; message: string }

export function checkInterviewDate(raw: unknown, todayDay: number): InterviewDateCheck {
  const text = typeof raw === 'string' ? raw.trim() : ''
  if (text === '') return { ok: true, interviewDate: null }
  const day = isoDateDayNumber(text)
  if (day === null)
    return {
      ok: false,
      message: 'Write the date as YYYY-MM-DD, for example 2027-03-20 (a real calendar day).',
    }
  if (day < todayDay)
    return {
      ok: false,
      message: `That day is in the past: pick today (${dayNumberIsoDate(todayDay)}) or later.`,
    }
  const latest = sameDayYearsAfter(todayDay, 2)
  if (day > latest)
    return { ok: false, message: `Pick a day at most two years ahead (by ${dayNumberIsoDate(latest)}).` }
  return { ok: true, interviewDate: text }
}
