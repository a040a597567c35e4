import { describe, expect, test } from 'vitest'
import { pickRecordings, recordingsToDrop, type StoredRecordingMeta } from './retention'

const MB = 1024 * 1024
const rec = (id: string, cardId: string, round: string, recordedAtMs: number, sizeBytes = MB) =>
  ({ id, cardId, round, recordedAtMs, sizeBytes }) satisfies StoredRecordingMeta

describe('which recordings are dropped after a save', () => {
  test('a second take in the same review round replaces the first', () => {
    const first = rec('a', 'main', 'first', 1)
    expect(recordingsToDrop([first], rec('b', 'main', 'first', 2))).toEqual(['a'])
  })

  test('keeps the latest two per card: this answer and last time, never a third', () => {
    const existing = [rec('r1', 'main', 'first', 1), rec('r2', 'main', '7', 2)]
    expect(recordingsToDrop(existing, rec('r3', 'main', '9', 3))).toEqual(['r1'])
    expect(recordingsToDrop(existing.slice(1), rec('r3', 'main', '9', 3))).toEqual([])
  })

  test('other cards are untouched by the per-card rule', () => {
    const existing = [rec('x1', 'other', 'first', 1), rec('x2', 'other', '4', 2)]
    expect(recordingsToDrop(existing, rec('m', 'main', 'first', 3))).toEqual([])
  })

  test('over the total cap, the oldest recordings go first, whatever their card', () => {
    const existing = [
      rec('old', 'a', '1', 1, 20 * MB),
      rec('mid', 'b', '1', 2, 20 * MB),
      rec('new', 'c', '1', 3, 5 * MB),
    ]
    const limits = { perCard: 2, totalBytes: 40 * MB }
    expect(recordingsToDrop(existing, rec('now', 'd', '1', 4, 10 * MB), limits)).toEqual(['old'])
    expect(recordingsToDrop(existing, rec('now', 'd', '1', 4, 30 * MB), limits).sort()).toEqual([
      'mid',
      'old',
    ])
  })

  test('the recording just saved is kept even when it alone is over the cap', () => {
    const existing = [rec('old', 'a', '1', 1, MB)]
    expect(recordingsToDrop(existing, rec('huge', 'b', '1', 2, 60 * MB))).toEqual(['old'])
  })
})

describe('which recordings the review shows', () => {
  test('"Your answer" is this round, "Last time" the newest of an earlier round', () => {
    const forCard = [rec('r1', 'main', 'first', 1), rec('r2', 'main', '7', 2)]
    expect(pickRecordings(forCard, '7')).toEqual({ current: forCard[1], previous: forCard[0] })
    expect(pickRecordings(forCard, '9')).toEqual({ current: null, previous: forCard[1] })
    expect(pickRecordings([], 'first')).toEqual({ current: null, previous: null })
  })
})
