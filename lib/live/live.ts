// The one live runtime per server process, on the app's connection (db/client) or, with
// DRILL_DATABASE_URL + DRILL_PROVIDER_DATABASE_URL, on PostgreSQL (db/pg pools, shared by
// every instance: the engine's tables, the provider's books, accounts, rate-limit buckets).
// Held on globalThis because Next bundles instrumentation.ts and the route handlers
// separately: both must see the same engine, provider and sweeper.
import 'server-only'
import { sqlite } from '@/db/client'
import { pgPool } from '@/db/pg'
import { pgBuckets } from '@/db/rate-limit-pg'
import { pgDb } from '@/db/sql/pg-db'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { shareBucketsThrough } from '@/lib/http/limits'
import { type LiveData, liveDataOn } from './data'
import { createLiveRuntime, createPgLiveRuntime, type LiveRuntime } from './runtime'
import { type LiveSettings, readLiveSettings } from './settings'

const holder = globalThis as unknown as { drillLive?: LiveRuntime; drillLiveData?: LiveData }

function openRuntime(settings: LiveSettings): LiveRuntime {
  if (!settings.postgres) return createLiveRuntime({ sqlite: sqlite(), settings })
  const pool = pgPool(settings.postgres.url)
  // From here on every instance draws from the same buckets.
  shareBucketsThrough(pgBuckets(pool))
  return createPgLiveRuntime({ pool, providerPool: pgPool(settings.postgres.providerUrl), settings })
}

/** The runtime, opened on first use (instrumentation opens it at start: bad settings stop the server). */
export function live(): LiveRuntime {
  holder.drillLive ??= openRuntime(readLiveSettings())
  return holder.drillLive
}

/** The live API's accounts, console and GET reads, on the same database as the engine. */
export function liveData(): LiveData {
  if (!holder.drillLiveData) {
    // The settings only: a read needs no engine (and on SQLite opens no provider file).
    const settings = holder.drillLive?.settings ?? readLiveSettings()
    holder.drillLiveData = liveDataOn(
      settings.postgres ? pgDb(pgPool(settings.postgres.url)) : sqliteDb(sqlite()),
    )
  }
  return holder.drillLiveData
}
