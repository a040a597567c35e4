// Runs the sweeps every DRILL_SWEEP_MS inside the server process (started from
// instrumentation.ts). Lease recovery runs beside the other sweeps, never in front
// of them: after a crash it may re-drive hundreds of keys (each a provider call),
// and neither reconciliation, the next recovery pass nor any HTTP request waits for
// that. Overlapping recovery passes are safe: each takeover is fenced on
// lease_version in SQL, the engine never queues a key its earlier pass still holds,
// and all passes share the DRILL_RECOVERY_CONCURRENCY re-drive slots.
// Reconciliation and the reaper are quick: one of their passes ends before the next.
import 'server-only'
import type { SweepReport } from '@/lib/engine'
import { live } from './live'
import { whenServing } from './serving'
import { LiveSettingsError } from './settings'

const holder = globalThis as unknown as { drillSweeper?: { stop(): void } }

function logBusy(reports: SweepReport[]): void {
  const busy = reports.filter((r) => r.settled > 0 || r.remaining > 0)
  if (busy.length > 0)
    console.log(
      `[sweep] ${busy.map((r) => `${r.sweep}: ${r.settled} settled, ${r.remaining} remaining`).join('; ')}`,
    )
}

export function startSweeper(): void {
  if (holder.drillSweeper) return
  const runtime = live()
  const { engine, settings } = runtime
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const pass = async () => {
    try {
      engine.recoverLeases().then(
        (report) => logBusy([report]),
        (error: unknown) => console.error('[sweep] lease recovery failed', error),
      )
      logBusy([await engine.reconcile(), await engine.reapExpiredKeys()])
      const purge = await runtime.purgeIdle({ nowMs: runtime.clock.nowMs(), idleMs: settings.accountIdleMs })
      if (purge.purged > 0) console.log(`[sweep] idle-accounts: ${purge.purged} purged`)
      await runtime.pruneBuckets?.(runtime.clock.nowMs())
    } catch (error) {
      console.error('[sweep] pass failed', error)
    } finally {
      if (!stopped) timer = setTimeout(pass, settings.sweepMs)
    }
  }
  // The first pass right away: a restart after a crash recovers as soon as leases allow.
  timer = setTimeout(pass, 0)
  timer.unref?.()
  holder.drillSweeper = {
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}

/**
 * For instrumentation.ts: unsafe settings (e.g. a key TTL under 24 h) stop the server, saying
 * why, at once (before it listens); the sweeps themselves start once it serves (./serving.ts).
 */
export function startSweeperOrRefuse(): void {
  try {
    // Opens the runtime: reads and checks the settings; with PostgreSQL the shared buckets are set up.
    live()
  } catch (error) {
    if (error instanceof LiveSettingsError) {
      console.error(`Drill refuses to start: ${error.message}`)
      process.exit(1)
    }
    throw error
  }
  whenServing(startSweeper)
}
