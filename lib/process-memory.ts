// Values kept once per server process. Next bundles the proxy, each page and each route
// handler apart, and a module bundled twice is two modules, each with its own state; a
// value in a Symbol.for slot on globalThis is one per process, whichever copy asks.
// Plain TypeScript with no imports: proxy.ts, pages, routes and scripts can all use it.

/** The process's value named `name`, made by `create` the first time any bundle asks. */
export function processSlot<T>(name: string, create: () => T): T {
  const key = Symbol.for(`drill.${name}`)
  const holder = globalThis as unknown as Record<symbol, T | undefined>
  let value = holder[key]
  if (value === undefined) {
    value = create()
    holder[key] = value
  }
  return value
}
