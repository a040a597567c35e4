// `npm run sweep`: one pass of the idempotency sweeps against DRILL_DB and
// DRILL_PROVIDER_DB — lease recovery, reconciliation, reaper, idle accounts — then exit.
// The server runs the same pass every DRILL_SWEEP_MS; this is for cron or by hand.
import { DatabaseOpenError, defaultDbPath, migrateSqlite, openSqlite } from '@/db/open'
import { purgeIdleAccounts } from '@/lib/live/purge'
import { createLiveRuntime, runSweepPass } from '@/lib/live/runtime'
import { LiveSettingsError, readLiveSettings } from '@/lib/live/settings'

async function main(): Promise<number> {
  const settings = readLiveSettings()
  const sqlite = openSqlite(defaultDbPath())
  migrateSqlite(sqlite)
  const runtime = createLiveRuntime({ sqlite, settings })
  const { engine, provider } = runtime
  try {
    const reports = await runSweepPass(engine)
    for (const r of reports) {
      console.log(
        `${r.sweep.padEnd(15)} examined ${r.examined}, settled ${r.settled}, remaining ${r.remaining}`,
      )
    }
    const purge = purgeIdleAccounts(runtime, { nowMs: runtime.clock.nowMs(), idleMs: settings.accountIdleMs })
    console.log(`${purge.sweep.padEnd(15)} purged ${purge.purged}`)
    return 0
  } finally {
    provider.close()
    sqlite.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof LiveSettingsError || error instanceof DatabaseOpenError) {
      console.error(error.message)
      process.exit(2)
    }
    throw error
  },
)
