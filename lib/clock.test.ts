import { describe, expect, test } from 'vitest'
import { isTestClockEnabled, resolveNowMs } from './clock'

const systemNowMs = Date.parse('2026-11-30T09:00:00Z')

describe('the request clock', () => {
  test('with DRILL_TEST_CLOCK=1 the drill-now cookie is "now"', () => {
    expect(isTestClockEnabled({ DRILL_TEST_CLOCK: '1' })).toBe(true)
    expect(resolveNowMs({ testClockEnabled: true, cookieValue: '2026-03-11T05:00:00Z', systemNowMs })).toBe(
      Date.parse('2026-03-11T05:00:00Z'),
    )
  })

  test('an offset and milliseconds are honoured; a URL-encoded cookie works too', () => {
    expect(
      resolveNowMs({ testClockEnabled: true, cookieValue: '2026-03-11T06:00:00.250%2B01:00', systemNowMs }),
    ).toBe(Date.parse('2026-03-11T05:00:00.250Z'))
  })

  test('without the env var the cookie is ignored', () => {
    expect(isTestClockEnabled({})).toBe(false)
    expect(isTestClockEnabled({ DRILL_TEST_CLOCK: 'true' })).toBe(false)
    expect(resolveNowMs({ testClockEnabled: false, cookieValue: '2026-03-11T05:00:00Z', systemNowMs })).toBe(
      systemNowMs,
    )
  })

  test('a cookie that is not a full ISO-8601 instant falls back to the real clock', () => {
    for (const cookieValue of [
      'tomorrow',
      '2026-03-11',
      '2026-03-11T05:00',
      '1773205200000',
      '2026-13-45T99:00:00Z',
      // malformed percent-encoding: ignored, never thrown on (was a 500)
      '%E0%A4%A',
      '2026-03-11T05:00:00Z%',
    ]) {
      expect(resolveNowMs({ testClockEnabled: true, cookieValue, systemNowMs })).toBe(systemNowMs)
    }
  })

  test('no cookie: the real clock', () => {
    expect(resolveNowMs({ testClockEnabled: true, cookieValue: undefined, systemNowMs })).toBe(systemNowMs)
  })
})
