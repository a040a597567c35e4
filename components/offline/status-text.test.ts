import { describe, expect, test } from 'vitest'
import { deletedCardText, syncStatusText } from './status-text'

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
