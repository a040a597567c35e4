// When the sweeps may start. scripts/server.ts sends every page a first request before it
// listens (scripts/warm-up.ts), which takes seconds; sweeping in that time would let lease
// recovery take over and settle stuck keys while no client can reach the server, so a retry
// arriving right after the start would find its key already done instead of held by recovery
// (409 + Retry-After). So that server holds the sweeps back until it listens. Any other host
// of the app (`next dev`, `next start`) never holds them and they start at once.
// Held on globalThis: scripts/server.ts and Next's bundle of instrumentation.ts are
// separate module graphs in one process. No 'server-only' here: scripts/server.ts runs
// outside Next's bundler.

interface Gate {
  serving: boolean
  waiting: Array<() => void>
}

const holder = globalThis as unknown as { drillServingGate?: Gate }

/** scripts/server.ts, before `app.prepare()`: what asks `whenServing` waits for `markServing`. */
export function holdUntilServing(): void {
  holder.drillServingGate ??= { serving: false, waiting: [] }
}

/** scripts/server.ts, once it listens: runs everything that waited. */
export function markServing(): void {
  const gate = holder.drillServingGate
  if (!gate || gate.serving) return
  gate.serving = true
  for (const run of gate.waiting.splice(0)) run()
}

/** Runs `run` now, or, when the server holds it back, once the server listens. */
export function whenServing(run: () => void): void {
  const gate = holder.drillServingGate
  if (!gate || gate.serving) run()
  else gate.waiting.push(run)
}
