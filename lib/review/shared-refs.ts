// JSON that keeps shared objects shared: a drill round's questions cut one timeline many times
// (lib/drills/view.ts: every cut shares the trace's event objects), which React's own payload
// sends once but JSON.stringify once per reference — for today's built-in day 3.1 MB instead of
// ~0.7 MB. `withSharedRefs` puts each object met more than once in `refs` and leaves
// `{ "$ref": i }` where it was; `fromSharedRefs` rebuilds it, with those objects shared again.
// Pure and client-safe (GET /api/review/day encodes, the review queue decodes).

export interface SharedRefs {
  refs: unknown[]
  root: unknown
}

const REF = '$ref'

export function withSharedRefs(value: unknown): SharedRefs {
  const seen = new Map<object, number>()
  const count = (v: unknown): void => {
    if (v === null || typeof v !== 'object') return
    const times = (seen.get(v) ?? 0) + 1
    seen.set(v, times)
    if (times === 1) for (const child of Object.values(v)) count(child)
  }
  count(value)
  const refs: unknown[] = []
  const indexOf = new Map<object, number>()
  const encode = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v
    if ((seen.get(v) ?? 0) < 2) return copy(v)
    const known = indexOf.get(v)
    if (known !== undefined) return { [REF]: known }
    const index = refs.length
    indexOf.set(v, index)
    refs.push(null)
    refs[index] = copy(v)
    return { [REF]: index }
  }
  const copy = (v: object): unknown => {
    if (Array.isArray(v)) return v.map(encode)
    if (Object.hasOwn(v, REF))
      throw new Error(`an object with a "${REF}" key cannot be sent with shared refs`)
    return Object.fromEntries(Object.entries(v).map(([key, child]) => [key, encode(child)]))
  }
  return { refs, root: encode(value) }
}

/**
 * Rebuilds in place: what it is given is freshly parsed JSON that nothing else holds, so its objects
 * are kept and only each `{ "$ref": i }` is swapped for its (decoded, shared) object. Copying every
 * object instead cost a phone tens of ms of main thread for the day's ~0.5 MB (issue 51).
 */
export function fromSharedRefs<T>({ refs, root }: SharedRefs): T {
  const decoded = new Map<number, unknown>()
  const decode = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = decode(v[i])
      return v
    }
    const record = v as Record<string, unknown>
    const ref = record[REF]
    if (typeof ref === 'number' && Object.keys(record).length === 1) {
      if (!decoded.has(ref)) decoded.set(ref, decode(refs[ref]))
      return decoded.get(ref)
    }
    for (const key in record) record[key] = decode(record[key])
    return record
  }
  return decode(root) as T
}
