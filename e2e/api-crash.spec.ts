// Crash test over real HTTP: our own production server (same build, own database
// files, own port) is killed with SIGKILL while payments are in flight, restarted,
// and must finish every key through lease recovery and reconciliation — one
// provider charge per succeeded payment, nothing left in_progress.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { demoKey17, newKey, paymentBody } from './api-client'
import { type NextServer, startNextServer } from './next-server'
import { walkthrough } from './postgres-names'
import { withProjectDatabases } from './project-databases'

const leaseMs = 3000
const auth = { authorization: `Bearer ${demoKey17}` }

async function getJson<T>(server: NextServer, url: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, { headers: auth })
  expect(res.status, `GET ${url}`).toBe(200)
  return (await res.json()) as T
}

function post(server: NextServer, key: string, token: string): Promise<Response> {
  return fetch(`${server.baseUrl}/api/payments`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(paymentBody({ orderId: `crash-${key.slice(0, 8)}`, paymentMethodToken: token })),
  })
}

type Row = { key: string; status: string }

// On PostgreSQL: tests/db/engine-on-pg.test.ts (another instance's sweep recovers a dead one's key,
// one charge) and multi-instance.spec.ts 3 (kill -9 with 100 keys in flight, over HTTP).
test(
  'kill -9 mid-flight, restart: after lease + sweep every key is completed with one charge each',
  walkthrough('tests/db/engine-on-pg.test.ts'),
  async () => {
    test.setTimeout(120_000)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-crash-'))
    const env = await withProjectDatabases({
      DRILL_DB: path.join(dir, 'drill.db'),
      DRILL_PROVIDER_DB: path.join(dir, 'provider.db'),
      DRILL_LEASE_MS: String(leaseMs),
      DRILL_SWEEP_MS: '500',
    })
    let server = await startNextServer({ env })
    try {
      // tok_slow: the provider has not charged yet when the server dies.
      // tok_timeout: the provider has taken the money, our side never learned it.
      const sent = [
        ...Array.from({ length: 6 }, () => ({ key: newKey(), token: 'tok_slow' })),
        ...Array.from({ length: 4 }, () => ({ key: newKey(), token: 'tok_timeout' })),
      ]
      const inFlight = sent.map(({ key, token }) =>
        post(server, key, token).then(
          (r) => r.status,
          () => 'lost' as const,
        ),
      )
      await expect
        .poll(
          async () =>
            (await getJson<Row[]>(server, '/api/idempotency-keys')).filter((r) => r.status === 'in_progress')
              .length,
          {
            timeout: 10_000,
            intervals: [50],
          },
        )
        .toBe(sent.length)
      // Let the tok_timeout charges land at the provider (they are taken at once), then kill.
      await new Promise((resolve) => setTimeout(resolve, 300))
      await server.kill('SIGKILL')
      expect(await Promise.all(inFlight)).toEqual(sent.map(() => 'lost'))

      server = await startNextServer({ env })
      // The crash left money taken under unknown outcomes: the tok_timeout charges are
      // already in the provider's ledger, the tok_slow ones are not.
      const chargedBeforeRecovery = await getJson<unknown[]>(server, '/api/provider/charges')
      expect(chargedBeforeRecovery.length).toBeGreaterThanOrEqual(4)
      expect(chargedBeforeRecovery.length).toBeLessThan(sent.length)
      const settled = await expect
        .poll(
          async () =>
            (await getJson<Row[]>(server, '/api/idempotency-keys'))
              .map((r) => r.status)
              .sort()
              .join(','),
          { timeout: 30_000, intervals: [250] },
        )
        .toBe(sent.map(() => 'completed').join(','))
      void settled

      const payments = await getJson<{ state: string }[]>(server, '/api/payments')
      const charges = await getJson<{ providerKey: string }[]>(server, '/api/provider/charges')
      const succeeded = payments.filter((p) => p.state === 'succeeded')
      expect(succeeded).toHaveLength(sent.length)
      expect(charges).toHaveLength(succeeded.length)
      expect(new Set(charges.map((c) => c.providerKey)).size).toBe(charges.length)
      expect(payments.filter((p) => p.state !== 'succeeded')).toEqual([])

      // Every retry now replays the settled 201.
      for (const { key, token } of sent) {
        const retry = await post(server, key, token)
        expect(retry.status).toBe(201)
        expect(retry.headers.get('idempotent-replayed')).toBe('true')
      }
      expect(await getJson<unknown[]>(server, '/api/provider/charges')).toHaveLength(sent.length)
    } catch (error) {
      console.log(server.output())
      throw error
    } finally {
      await server.kill('SIGKILL')
      fs.rmSync(dir, { recursive: true, force: true })
    }
  },
)
