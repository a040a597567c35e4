import { describe, expect, test } from 'vitest'
import { clockNoticeText, clockSkewText, deletedCardText, syncStatusText } from './status-text'

describe('the sync status', () => {
  test('offline: how many grades wait', () => {
    expect(syncStatusText(3, false, false)).toBe('Offline — 3 grades waiting to sync')
    expect(syncStatusText(1, false, true)).toBe('Offline — 1 grade waiting to sync')
  })
  test('online: sending, then all synced once something reached the server; silent before', () => {
    expect(syncStatusText(2, true, false)).toBe('Syncing 2 grades…')
    expect(syncStatusText(0, true, true)).toBe('All grades synced')
    expect(syncStatusText(0, true, false)).toBe('')
  })
  test('grades for deleted cards', () => {
    expect(deletedCardText(1)).toBe('1 grade was for a card you deleted')
    expect(deletedCardText(2)).toBe('2 grades were for cards you deleted')
  })
})

describe('a device clock that is off (device minus server)', () => {
  const HOUR = 3_600_000
  test('said in minutes, hours or days, behind or ahead', () => {
    expect(clockSkewText(-16 * HOUR - 500)).toBe('16 hours behind')
    expect(clockSkewText(12 * 60_000)).toBe('12 minutes ahead')
    expect(clockSkewText(-HOUR)).toBe('1 hour behind')
    expect(clockSkewText(3 * 24 * HOUR)).toBe('3 days ahead')
  })
  test('the /review notice and the sync status', () => {
    expect(clockNoticeText(-16 * HOUR)).toBe(
      "Your device's clock is 16 hours behind; Drill uses its own time for your reviews",
    )
    expect(syncStatusText(0, true, true, -16 * HOUR)).toBe('All grades synced · device clock 16 hours behind')
    expect(syncStatusText(0, true, false, 2 * HOUR)).toBe('Device clock 2 hours ahead')
    expect(syncStatusText(1, false, false, null)).toBe('Offline — 1 grade waiting to sync')
  })
})
