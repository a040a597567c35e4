// The live wiring without HTTP: the engine on an app database file, the provider on
// its own file, the token rules, and one sweep pass settling an unknown outcome.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateSqlite, openSqlite, type Sqlite } from '@/db/open'
import { seedDemoAccounts } from '@/db/seed'
import { type Clock, systemClock } from '@/lib/engine'
import { createLiveRuntime, type LiveRuntime, runSweepPass } from '@/lib/live/runtime'
import { defaultLiveSettings } from '@/lib/live/settings'

const opened: { sqlite: Sqlite; runtime: LiveRuntime; dir: string }[] = []

function setup(clock: Clock = systemClock) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-live-'))
  const sqlite = openSqlite(path.join(dir, 'drill.db'))
  migrateSqlite(sqlite)
  seedDemoAccounts(sqlite, 0)
  const runtime = createLiveRuntime({
    sqlite,
    settings: { ...defaultLiveSettings, providerDbPath: path.join(dir, 'provider.db') },
    clock,
  })
  opened.push({ sqlite, runtime, dir })
  return runtime
}

afterEach(() => {
  for (const { sqlite, runtime, dir } of opened.splice(0)) {
    runtime.provider.close()
    sqlite.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

const body = (token: string) => ({
  orderId: 'order-42',
  amount: 2500,
  currency: 'USD',
  paymentMethodToken: token,
})

/** Real timers, but the provider's 1 s timeout and 2 s slowness pass instantly. */
const fastClock: Clock = { nowMs: () => Date.now(), sleep: () => Promise.resolve() }

describe('the live runtime', () => {
  it('keeps the provider ledger in its own file, not in the app database', async () => {
    const { engine, provider, settings } = setup(fastClock)
    const created = await engine.createPayment({ accountId: 17, key: 'k1', body: body('token-9') })
    expect(created.status).toBe(201)
    expect(fs.existsSync(settings.providerDbPath)).toBe(true)
    expect(provider.ledger(17)).toHaveLength(1)
    expect(provider.ledger(18)).toHaveLength(0)
  })

  it('maps the test tokens: tok_decline → 402, tok_timeout → 202 then settled by one sweep pass', async () => {
    const { engine, provider } = setup(fastClock)
    expect((await engine.createPayment({ accountId: 17, key: 'd', body: body('tok_decline') })).status).toBe(
      402,
    )
    const pending = await engine.createPayment({ accountId: 17, key: 't', body: body('tok_timeout') })
    expect(pending.status).toBe(202)
    expect(JSON.parse(pending.body)).toMatchObject({ state: 'pending_unknown' })
    const reports = await runSweepPass(engine)
    expect(reports.map((r) => r.sweep)).toEqual(['lease-recovery', 'reconciliation', 'reaper'])
    expect(reports[1]).toMatchObject({ settled: 1, remaining: 0 })
    const replay = await engine.createPayment({ accountId: 17, key: 't', body: body('tok_timeout') })
    expect(replay).toMatchObject({ status: 201, replayed: true })
    expect(provider.ledger(17).filter((e) => e.kind === 'charge')).toHaveLength(1)
  })
})
