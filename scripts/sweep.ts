// `npm run sweep`: one pass of the idempotency sweeps — lease recovery, reconciliation,
// reaper, idle accounts — then exit: against DRILL_DB and DRILL_PROVIDER_DB, or, with
// DRILL_DATABASE_URL + DRILL_PROVIDER_DATABASE_URL, against PostgreSQL (safe beside the
// servers' own passes: every step is fenced in SQL). The server runs the same pass every
// DRILL_SWEEP_MS; this is for cron or by hand.
import { DatabaseOpenError, defaultDbPath, migrateSqlite, openSqlite } from '@/db/open'
import { closePgPools, pgPool } from '@/db/pg'
import { createLiveRuntime, createPgLiveRuntime, type LiveRuntime, runSweepPass } from '@/lib/live/runtime'
import { LiveSettingsError, readLiveSettings } from '@/lib/live/settings'

async function main(): Promise<number> {
  const settings = readLiveSettings()
  let runtime: LiveRuntime
  let close: () => Promise<void>
  if (settings.postgres) {
    runtime = createPgLiveRuntime({
      pool: pgPool(settings.postgres.url),
      providerPool: pgPool(settings.postgres.providerUrl),
      settings,
    })
    close = closePgPools
  } else {
    const sqlite = openSqlite(defaultDbPath())
    migrateSqlite(sqlite)
    runtime = createLiveRuntime({ sqlite, settings })
    close = async () => {
      runtime.provider.close()
      sqlite.close()
    }
  }
  try {
    const reports = await runSweepPass(runtime.engine)
    for (const r of reports) {
      console.log(
        `${r.sweep.padEnd(15)} examined ${r.examined}, settled ${r.settled}, remaining ${r.remaining}`,
      )
    }
    const purge = await runtime.purgeIdle({ nowMs: runtime.clock.nowMs(), idleMs: settings.accountIdleMs })
    console.log(`${purge.sweep.padEnd(15)} purged ${purge.purged}`)
    return 0
  } finally {
    await close()
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
