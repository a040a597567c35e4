// Bounded storage: idle API/console accounts go with everything they own, at our
// side and at the provider; demo accounts, recently used accounts and accounts with
// a key still in flight stay.
import { afterEach, describe, expect, it } from 'vitest'
import { migrateSqlite, openSqlite, type Sqlite } from '@/db/open'
import { seedDemoAccounts } from '@/db/seed'
import { sqliteDb } from '@/db/sql/sqlite-db'
import type { Clock } from '@/lib/engine'
import { accountIdForApiKey, createAccount } from '@/lib/live/accounts'
import { createLiveRuntime, type LiveRuntime } from '@/lib/live/runtime'
import { DAY_MS, defaultLiveSettings } from '@/lib/live/settings'
import { rowOf } from '@/tests/sql'

const opened: { sqlite: Sqlite; runtime: LiveRuntime }[] = []
afterEach(() => {
  for (const { sqlite, runtime } of opened.splice(0)) {
    runtime.provider.close()
    sqlite.close()
  }
})

let nowMs = 0
const clock: Clock = { nowMs: () => nowMs, sleep: () => Promise.resolve() }

function setup() {
  nowMs = 1_000 * DAY_MS
  const sqlite = openSqlite(':memory:')
  migrateSqlite(sqlite)
  seedDemoAccounts(sqlite, 0, true)
  const runtime = createLiveRuntime({
    sqlite,
    settings: { ...defaultLiveSettings, providerDbPath: ':memory:' },
    clock,
  })
  opened.push({ sqlite, runtime })
  return { sqlite, runtime }
}

const body = { orderId: 'o-1', amount: 2500, currency: 'USD', paymentMethodToken: 'token-9' }
const count = (sqlite: Sqlite, table: string, accountId: number) =>
  rowOf<{ n: number }>(sqlite, `SELECT count(*) AS n FROM ${table} WHERE account_id = ?`, accountId).n

describe('the idle-account purge (DRILL_ACCOUNT_IDLE_DAYS)', () => {
  it('purges an idle api account with its keys, payments, refunds and provider ledger entries', async () => {
    const { sqlite, runtime } = setup()
    const idle = await createAccount(sqliteDb(sqlite), { nowMs, label: 'api' })
    const busy = await createAccount(sqliteDb(sqlite), { nowMs, label: 'api' })
    const created = await runtime.engine.createPayment({ accountId: idle.id, key: 'k1', body })
    const paymentId = (JSON.parse(created.body) as { id: number }).id
    await runtime.engine.refundPayment({ accountId: idle.id, key: 'r1', paymentId, body: { amount: 100 } })
    await runtime.engine.createPayment({ accountId: 17, key: 'demo', body })
    expect(count(sqlite, 'refunds', idle.id)).toBe(1)
    expect(runtime.provider.ledger(idle.id).length).toBe(2)

    nowMs += 29 * DAY_MS
    await runtime.engine.createPayment({ accountId: busy.id, key: 'k2', body })
    expect((await runtime.purgeIdle({ nowMs, idleMs: 30 * DAY_MS })).purged).toBe(0)

    nowMs += 2 * DAY_MS
    expect((await runtime.purgeIdle({ nowMs, idleMs: 30 * DAY_MS })).purged).toBe(1)
    expect(await accountIdForApiKey(sqliteDb(sqlite), idle.apiKey)).toBeNull()
    for (const table of ['idempotency_keys', 'payments', 'refunds'])
      expect(count(sqlite, table, idle.id)).toBe(0)
    expect(runtime.provider.ledger(idle.id)).toEqual([])
    // Used 2 days ago: kept. The demo accounts: kept however idle.
    expect(await accountIdForApiKey(sqliteDb(sqlite), busy.apiKey)).toBe(busy.id)
    expect(await accountIdForApiKey(sqliteDb(sqlite), 'sk_test_17')).toBe(17)
    expect(runtime.provider.ledger(17).length).toBe(1)
  })

  it('waits for a key still in flight to settle before purging its account', async () => {
    const { sqlite, runtime } = setup()
    const account = await createAccount(sqliteDb(sqlite), { nowMs, label: 'live console' })
    await runtime.engine.createPayment({
      accountId: account.id,
      key: 't',
      body: { ...body, paymentMethodToken: 'tok_timeout' },
    })
    nowMs += 40 * DAY_MS
    expect((await runtime.purgeIdle({ nowMs, idleMs: 30 * DAY_MS })).purged).toBe(0)
  })
})
