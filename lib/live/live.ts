// The one live runtime per server process, on the app's connection (db/client).
// Held on globalThis because Next bundles instrumentation.ts and the route
// handlers separately: both must see the same engine, provider and sweeper.
import 'server-only'
import { sqlite } from '@/db/client'
import { createLiveRuntime, type LiveRuntime } from './runtime'
import { readLiveSettings } from './settings'

const holder = globalThis as unknown as { drillLive?: LiveRuntime }

export function live(): LiveRuntime {
  holder.drillLive ??= createLiveRuntime({ sqlite: sqlite(), settings: readLiveSettings() })
  return holder.drillLive
}
