// Runs the sweeps every DRILL_SWEEP_MS inside the server process (started from
// instrumentation.ts). A pass can outlast the interval (lease recovery re-drives a
// provider call), so passes never overlap: the next one is scheduled after the last.
import 'server-only'
import { live } from './live'
import { purgeIdleAccounts } from './purge'
import { runSweepPass } from './runtime'
import { LiveSettingsError } from './settings'

const holder = globalThis as unknown as { drillSweeper?: { stop(): void } }

export function startSweeper(): void {
  if (holder.drillSweeper) return
  const runtime = live()
  const { engine, settings } = runtime
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const pass = async () => {
    try {
      const reports = await runSweepPass(engine)
      const busy = reports.filter((r) => r.settled > 0 || r.remaining > 0)
      if (busy.length > 0) {
        console.log(
          `[sweep] ${busy.map((r) => `${r.sweep}: ${r.settled} settled, ${r.remaining} remaining`).join('; ')}`,
        )
      }
      const purge = purgeIdleAccounts(runtime, {
        nowMs: runtime.clock.nowMs(),
        idleMs: settings.accountIdleMs,
      })
      if (purge.purged > 0) console.log(`[sweep] idle-accounts: ${purge.purged} purged`)
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

/** For instrumentation.ts: unsafe settings (e.g. a key TTL under 24 h) stop the server, saying why. */
export function startSweeperOrRefuse(): void {
  try {
    startSweeper()
  } catch (error) {
    if (error instanceof LiveSettingsError) {
      console.error(`Drill refuses to start: ${error.message}`)
      process.exit(1)
    }
    throw error
  }
}
