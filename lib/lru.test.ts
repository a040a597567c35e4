import { describe, expect, it } from 'vitest'
import { Lru } from './lru'
import { processSlot } from './process-memory'

describe('Lru', () => {
  it('forgets the least recently used entry first', () => {
    const lru = new Lru<string, number>(2)
    lru.set('a', 1)
    lru.set('b', 2)
    expect(lru.get('a')).toBe(1) // a is now the most recent
    lru.set('c', 3)
    expect(lru.has('b')).toBe(false)
    expect(lru.has('a')).toBe(true)
    expect(lru.has('c')).toBe(true)
    expect(lru.size).toBe(2)
  })

  it('counts has() as no use and replaces a key in place', () => {
    const lru = new Lru<string, number>(2)
    lru.set('a', 1)
    lru.set('b', 2)
    expect(lru.has('a')).toBe(true)
    lru.set('b', 20)
    lru.set('c', 3)
    expect(lru.has('a')).toBe(false)
    expect(lru.get('b')).toBe(20)
  })

  it('refuses a size below one', () => {
    expect(() => new Lru(0)).toThrow()
  })
})

describe('processSlot', () => {
  it('makes the value once per name', () => {
    let made = 0
    const first = processSlot('lru-test', () => ({ made: ++made }))
    const second = processSlot('lru-test', () => ({ made: ++made }))
    expect(second).toBe(first)
    expect(made).toBe(1)
  })
})
