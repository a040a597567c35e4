// Goal (issue 45): PostgreSQL ending every connection of the app while payments are admitted —
// some waiting on a slow provider, others in the one-round-trip admission (db/payment-admission-pg.ts),
// the claim or the completion — is never a 500. A cut request answers 503 problem+json with
// Retry-After, logged as one line naming the path; it leaves no key half-claimed (its lease handed
// back), so retries under the same keys end with one 201 and exactly one charge per key.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { POST } from '@/app/api/payments/route'
import { migratePostgres, migrateProviderPostgres } from '@/db/migrate-pg'
import { connectPostgres } from '@/db/pg'
import { live, liveData } from '@/lib/live/live'
import { createTestDatabase, type TestDatabase } from './database'

let app: TestDatabase
let provider: TestDatabase
const ENV = {
  DRILL_PROVIDER_SLOW_MS: '800',
  DRILL_LEASE_MS: '20000',
  DRILL_LIMIT_PAYMENTS_ACCOUNT: '100000/100000',
  DRILL_LIMIT_PAYMENTS_ADDRESS: '100000/100000',
}
const saved = new Map<string, string | undefined>()

function setEnv(name: string, value: string) {
  if (!saved.has(name)) saved.set(name, process.env[name])
  process.env[name] = value
}

beforeAll(async () => {
  ;[app, provider] = await Promise.all([createTestDatabase('cut_app'), createTestDatabase('cut_provider')])
  await migratePostgres(app.url)
  await migrateProviderPostgres(provider.url)
  setEnv('DRILL_DATABASE_URL', app.url)
  setEnv('DRILL_PROVIDER_DATABASE_URL', provider.url)
  for (const [name, value] of Object.entries(ENV)) setEnv(name, value)
}, 60_000)

afterAll(() => {
  for (const [name, value] of saved)
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
})

/** Ends every connection to the app's and the provider's databases (busy or idle) but the admin's own. */
async function terminateAll(): Promise<number> {
  const admin = await connectPostgres(app.url.replace(/\/[^/]*$/, '/postgres'), 'admin')
  try {
    const { rows } = await admin.query(
      `SELECT count(*)::int AS n FROM (
         SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = ANY($1) AND pid <> pg_backend_pid()) AS ended`,
      [[app.name, provider.name]],
    )
    return rows[0].n
  } finally {
    await admin.end()
  }
}

const ACCOUNT = 17
const bodyOf = (key: string) => ({
  orderId: `cut-${key}`,
  amount: 1500,
  currency: 'USD',
  paymentMethodToken: 'tok_slow',
})

function pay(key: string): Promise<Response> {
  return POST(
    new Request('http://127.0.0.1/api/payments', {
      method: 'POST',
      headers: {
        authorization: `Bearer sk_test_${ACCOUNT}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      body: JSON.stringify(bodyOf(key)),
    }),
  )
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('PostgreSQL ends every connection mid-admission', () => {
  it('no 500: 503 problem+json with Retry-After, one log line naming the path; retries charge each key once', async () => {
    const logged: string[] = []
    const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '))
    })
    try {
      const keys = Array.from({ length: 60 }, (_, i) => `cut-key-${String(i).padStart(3, '0')}-${Date.now()}`)
      const first: Promise<Response>[] = []
      // 20 in flight on the slow provider first, then 40 more arriving while every connection is ended, 5 times over.
      for (const key of keys.slice(0, 20)) first.push(pay(key))
      await pause(200)
      let ended = 0
      for (let round = 0; round < 5; round++) {
        for (const key of keys.slice(20 + round * 8, 28 + round * 8)) first.push(pay(key))
        ended += await terminateAll()
        await pause(60)
      }
      expect(ended).toBeGreaterThan(0)
      const answers = await Promise.all(first)
      const statuses = answers.map((r) => r.status)
      expect(statuses.filter((s) => s === 500)).toEqual([])
      expect(statuses.every((s) => [201, 409, 503].includes(s))).toBe(true)
      const cut = answers.filter((r) => r.status === 503)
      expect(cut.length, `statuses: ${statuses.join(',')}`).toBeGreaterThan(0)
      for (const response of cut) {
        expect(response.headers.get('content-type')).toBe('application/problem+json')
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
        expect(await response.json()).toMatchObject({ type: '/problems/database-unavailable', status: 503 })
      }
      // One line each, naming the path, no stack.
      const lines = logged.filter((line) =>
        line.startsWith('[api] database connection lost on POST /api/payments:'),
      )
      expect(lines.length).toBeGreaterThanOrEqual(cut.length)
      for (const line of lines) expect(line).not.toContain('\n    at ')
      expect(logged.filter((line) => line.startsWith('[api] unexpected error'))).toEqual([])

      // Retries under the same keys: each has its 201 within a few rounds (2.5 s), far inside the
      // 20 s lease — a cut request handed its lease back instead of leaving its key in_progress.
      const pending = new Set(keys.filter((_, i) => statuses[i] !== 201))
      for (let attempt = 0; pending.size > 0 && attempt < 5; attempt++) {
        await pause(attempt === 0 ? 0 : 500)
        const retried = await Promise.all(
          [...pending].map(async (key) => [key, (await pay(key)).status] as const),
        )
        for (const [key, status] of retried) {
          expect(status, key).not.toBe(500)
          if (status === 201) pending.delete(key)
        }
      }
      expect([...pending]).toEqual([])
      // The provider's books: one charge per key (this database holds only this test's).
      const charges = await live().provider.readLedger(ACCOUNT)
      expect(charges.filter((entry) => entry.kind === 'charge')).toHaveLength(keys.length)
      expect(new Set(charges.map((entry) => entry.providerKey)).size).toBe(keys.length)
      const payments = await liveData().payments(ACCOUNT)
      expect(payments.filter((p) => p.state === 'succeeded')).toHaveLength(keys.length)
    } finally {
      error.mockRestore()
    }
  })
})
