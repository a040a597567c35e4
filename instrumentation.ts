// Next calls register() once per server process, in app.prepare(). In the Node runtime it
// refuses unsafe live settings there and then (before the server listens), and starts the
// idempotency sweeps (lease recovery, reconciliation, reaper) every DRILL_SWEEP_MS once the
// server serves (lib/live/serving.ts: scripts/server.ts warms up first).
export async function register() {
  // `next build` also loads this file; only a serving Node process should sweep.
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build') {
    const { startSweeperOrRefuse } = await import('./lib/live/sweeper')
    // Opens the live runtime now (settings checked; with PostgreSQL the shared rate-limit
    // buckets in place) before any request; the sweeps wait until the server serves.
    startSweeperOrRefuse()
  }
}
