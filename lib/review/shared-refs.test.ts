import { describe, expect, test } from 'vitest'
import { fromSharedRefs, withSharedRefs } from './shared-refs'

describe('JSON with shared objects sent once', () => {
  test('an object met twice is sent once and comes back shared; the rest as it was', () => {
    const event = { kind: 'charge', tMs: 5, detail: { id: 'c1' } }
    const events = [event, { kind: 'reply', tMs: 9 }]
    const value = {
      questions: [{ before: events.slice(0, 1) }, { after: events, note: null, n: 3, ok: true }],
    }
    const sent = JSON.parse(JSON.stringify(withSharedRefs(value)))
    expect(sent.refs).toHaveLength(1)
    expect(JSON.stringify(sent).match(/"c1"/g)).toHaveLength(1)
    const back = fromSharedRefs<typeof value>(sent)
    expect(back).toEqual(value)
    expect(back.questions[0]?.before?.[0]).toBe(back.questions[1]?.after?.[0])
  })

  test('shared objects inside shared objects, and arrays shared', () => {
    const inner = { x: 1 }
    const list = [inner, inner]
    const value = { a: list, b: list, c: { inner } }
    const back = fromSharedRefs<typeof value>(JSON.parse(JSON.stringify(withSharedRefs(value))))
    expect(back).toEqual(value)
    expect(back.a).toBe(back.b)
    expect(back.a[0]).toBe(back.c.inner)
  })

  test('nothing shared: no refs, the value as it was', () => {
    const value = { a: [1, 'two', { three: 3 }], b: null }
    const sent = withSharedRefs(value)
    expect(sent.refs).toEqual([])
    expect(sent.root).toEqual(value)
    expect(fromSharedRefs(sent)).toEqual(value)
  })

  test('data with its own "$ref" key is refused rather than misread', () => {
    expect(() => withSharedRefs({ a: { $ref: 1 } })).toThrow(/\$ref/)
  })
})
