// The interview date field: empty removes the plan; past, unreadable and too-far
// dates are refused with a sentence that says what to do.
import { describe, expect, test } from 'vitest'
import { isoDateDayNumber } from '@/lib/calendar'
import { checkInterviewDate } from './interview-date'

const today = isoDateDayNumber('2026-03-10') ?? 0

describe('checkInterviewDate', () => {
  test('empty means no interview', () => {
    expect(checkInterviewDate('', today)).toEqual({ ok: true, interviewDate: null })
    expect(checkInterviewDate(null, today)).toEqual({ ok: true, interviewDate: null })
  })

  test('today up to two years ahead is accepted', () => {
    for (const date of ['2026-03-10', '2026-03-20', '2028-03-10'])
      expect(checkInterviewDate(date, today)).toEqual({ ok: true, interviewDate: date })
  })

  test('past, unparseable and too far ahead are refused with a clear message', () => {
    expect(checkInterviewDate('2026-03-09', today)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/past/),
    })
    for (const bad of ['next tuesday', '2026-02-30', '10/03/2026'])
      expect(checkInterviewDate(bad, today)).toMatchObject({
        ok: false,
        message: expect.stringMatching(/YYYY-MM-DD/),
      })
    expect(checkInterviewDate('2028-03-11', today)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/two years/),
    })
  })
})
