// A bounded map that forgets the least recently used entry first: a Map keeps insertion
// order, so a read moves its entry to the end and an overflow drops the first.

export class Lru<K, V> {
  readonly #entries = new Map<K, V>()

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`an LRU holds at least one entry, not ${max}`)
  }

  get size(): number {
    return this.#entries.size
  }

  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key)
    if (value === undefined) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, value)
    return value
  }

  /** Whether the key is held, without counting as a use. */
  has(key: K): boolean {
    return this.#entries.has(key)
  }

  set(key: K, value: V): void {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value as K)
  }

  delete(key: K): void {
    this.#entries.delete(key)
  }
}
