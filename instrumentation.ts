// Next calls register() once per server process. In the Node runtime it starts the
// idempotency sweeps (lease recovery, reconciliation, reaper) every DRILL_SWEEP_MS.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  // `next build` also loads this file; only a serving process should sweep.
  if (process.env.NEXT_PHASE === 'phase-production-build') return
  const { LiveSettingsError } = await import('./lib/live/settings')
  const { startSweeper } = await import('./lib/live/sweeper')
  try {
    startSweeper()
  } catch (error) {
    // Unsafe settings (e.g. a key TTL under 24 h): refuse to serve at all, saying why.
    if (error instanceof LiveSettingsError) {
      console.error(`Drill refuses to start: ${error.message}`)
      process.exit(1)
    }
    throw error
  }
}
