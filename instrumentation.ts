// Next calls register() once per server process. In the Node runtime it starts the
// idempotency sweeps (lease recovery, reconciliation, reaper) every DRILL_SWEEP_MS.
export async function register() {
  // `next build` also loads this file; only a serving Node process should sweep.
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.NEXT_PHASE !== 'phase-production-build') {
    const { openLiveOrRefuse, startSweeperOrRefuse } = await import('./lib/live/sweeper')
    // Settings checked and (with PostgreSQL) the shared rate-limit buckets in place before any request.
    openLiveOrRefuse()
    startSweeperOrRefuse()
  }
}
