import { describe, expect, test } from 'vitest'
import { pointsCuedIn } from './cues'

const points = [
  { id: 'claim', cues: ['on conflict', 'in_progress', 'atomic insert'] },
  { id: 'replay', cues: ['stored response', 'replay'] },
  { id: 'scope', cues: ['per account'] },
]

describe('pointsCuedIn', () => {
  test('ticks the points whose cues were said, ignoring case and punctuation', () => {
    expect(pointsCuedIn(points, 'First an ATOMIC insert; then we Replay.')).toEqual(['claim', 'replay'])
  })
  test('matches whole words only', () => {
    expect(pointsCuedIn(points, 'we replayed it per accountant')).toEqual([])
  })
  test('hyphens and underscores in speech still match', () => {
    expect(pointsCuedIn(points, 'insert ... on-conflict do nothing; status in_progress')).toEqual(['claim'])
  })
  test('an empty answer suggests nothing', () => {
    expect(pointsCuedIn(points, '   ')).toEqual([])
  })
})
