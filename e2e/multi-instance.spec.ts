// Two real production servers, A and B, on one PostgreSQL (a throwaway cluster started
// here, tests/pg/cluster.ts): the retry that lands on *another* server. Both boot together
// through `npm start`'s script on an empty database; the same key sent to both at the same
// instant is charged once; a server killed with SIGKILL mid-flight has its keys finished by
// the other's sweeper, and a recovering server killed in turn leaves nothing charged twice;
// one grade sent to both records one review log, and its undo on one is seen by the other;
// a rate-limit burst split over both admits exactly the configured burst.
// Short leases and sweeps so the whole file takes well under two minutes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { type PgCluster, startPgCluster } from '../tests/pg/cluster'
import { newKey, paymentBody } from './api-client'
import { type NextServer, startNextServer } from './next-server'

// The provider's tok_slow is slow enough that A claims a whole batch before its first charge comes
// back even on a loaded machine (100 claims have taken 0.8 s with every core busy), so a kill finds
// them in flight; the lease outlasts it twice over, or the owner would lose its key mid-charge.
const PROVIDER_SLOW_MS = 1500
const LEASE_MS = 2 * PROVIDER_SLOW_MS
const SWEEP_MS = 500
const ACCOUNT_BURST = 12

test.describe.configure({ mode: 'serial' })

let cluster: PgCluster
let dir: string
let appUrl: string
let providerUrl: string
let a: NextServer
let b: NextServer

function envFor(name: string): Record<string, string> {
  return {
    DRILL_DATABASE_URL: appUrl,
    DRILL_PROVIDER_DATABASE_URL: providerUrl,
    // The study data lives in PostgreSQL too; each instance's own SQLite file keeps what stays per process.
    DRILL_DB: path.join(dir, `${name}.db`),
    DRILL_PROVIDER_DB: path.join(dir, `${name}-provider.db`),
    DRILL_LEASE_MS: String(LEASE_MS),
    DRILL_SWEEP_MS: String(SWEEP_MS),
    DRILL_PROVIDER_SLOW_MS: String(PROVIDER_SLOW_MS),
    // Two re-drive waves at most for the 100 keys of the crash below.
    DRILL_RECOVERY_CONCURRENCY: '64',
    DRILL_LIMIT_ACCOUNTS_LEARNER: `${ACCOUNT_BURST}/1`,
  }
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows as T[]
  } finally {
    await client.end()
  }
}

interface Account {
  id: number
  apiKey: string
}

async function newAccount(server: NextServer): Promise<Account> {
  const res = await fetch(`${server.baseUrl}/api/accounts`, {
    method: 'POST',
    headers: { cookie: `drill-learner=${crypto.randomUUID()}` },
  })
  expect(res.status).toBe(201)
  return (await res.json()) as Account
}

function pay(
  server: NextServer,
  account: Account,
  key: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.baseUrl}/api/payments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${account.apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': key,
      ...headers,
    },
    body: JSON.stringify(body),
  })
}

async function getJson<T>(server: NextServer, account: Account, url: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    headers: { authorization: `Bearer ${account.apiKey}` },
  })
  expect(res.status, `GET ${url}`).toBe(200)
  return (await res.json()) as T
}

type KeyRow = { key: string; status: string; leaseUntil: string }
type Charge = { providerKey: string }
type Payment = { state: string; idempotencyKey: string }

const statuses = async (server: NextServer, account: Account) =>
  (await getJson<KeyRow[]>(server, account, '/api/idempotency-keys')).map((r) => r.status)

/** Sends every key to `server` at once; each promise is the answer's status, or 'lost' if the server died first. */
const sendAll = (server: NextServer, account: Account, keys: string[], body: (key: string) => unknown) =>
  keys.map((key) =>
    pay(server, account, key, body(key)).then(
      (r): number | 'lost' => r.status,
      () => 'lost' as const,
    ),
  )

/** Until every key has its row (claimed by whichever server): then a kill finds them in flight. */
async function untilAllClaimed(server: NextServer, account: Account, keys: string[]) {
  await expect
    .poll(
      async () => {
        const rows = await getJson<KeyRow[]>(server, account, '/api/idempotency-keys')
        const claimed = new Set(rows.map((r) => r.key))
        return keys.filter((key) => claimed.has(key)).length
      },
      { timeout: 10_000, intervals: [50] },
    )
    .toBe(keys.length)
}

/**
 * What the killed server's clients saw: no answer for the keys in flight (nearly always all of
 * them), a 201 for any whose charge beat the kill; never anything else.
 */
async function expectLostInFlight(answers: Promise<number | 'lost'>[]) {
  const seen = await Promise.all(answers)
  for (const answer of seen) expect(['lost', 201]).toContain(answer)
  expect(seen.filter((answer) => answer === 'lost').length).toBeGreaterThan(0)
}

/** Every succeeded payment has exactly one charge at the provider, and no key was charged twice. */
async function expectOneChargePerKey(server: NextServer, account: Account, keys: number) {
  const payments = await getJson<Payment[]>(server, account, '/api/payments')
  const charges = await getJson<Charge[]>(server, account, '/api/provider/charges')
  expect(payments.filter((p) => p.state === 'succeeded')).toHaveLength(keys)
  expect(charges).toHaveLength(keys)
  expect(new Set(charges.map((c) => c.providerKey)).size).toBe(keys)
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  cluster = await startPgCluster()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-multi-'))
  ;[appUrl, providerUrl] = await Promise.all([
    cluster.createDatabase('drill'),
    cluster.createDatabase('provider'),
  ])
})

test.afterAll(async () => {
  await Promise.all([a?.kill('SIGKILL'), b?.kill('SIGKILL')])
  cluster?.stop()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

test('1. both boot together through npm start on an empty database; each migration recorded once', async () => {
  test.setTimeout(120_000)
  ;[a, b] = await Promise.all([
    startNextServer({ env: envFor('a'), viaStart: true, timeoutMs: 90_000 }),
    startNextServer({ env: envFor('b'), viaStart: true, timeoutMs: 90_000 }),
  ])
  const journal = JSON.parse(fs.readFileSync('db/migrations-pg/meta/_journal.json', 'utf8')) as {
    entries: unknown[]
  }
  const applied = await query<{ n: string; hashes: string }>(
    appUrl,
    'SELECT count(*) AS n, count(DISTINCT hash) AS hashes FROM drizzle.__drizzle_migrations',
  )
  expect(applied[0]).toEqual({ n: String(journal.entries.length), hashes: String(journal.entries.length) })
  const provider = await query<{ n: string }>(
    providerUrl,
    'SELECT count(*) AS n FROM drizzle.__drizzle_provider_migrations',
  )
  expect(provider[0]!.n).toBe('1')
  // The demo accounts were seeded once and answer on both.
  expect((await query<{ n: string }>(appUrl, 'SELECT count(*) AS n FROM accounts'))[0]!.n).toBe('2')
  for (const server of [a, b]) expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200)
})

test('2. 40 keys each sent to A and B at the same instant: one charge, one 201 and one 409 per key', async () => {
  const account = await newAccount(a)
  const keys = Array.from({ length: 40 }, () => newKey())
  const body = (key: string) =>
    paymentBody({ orderId: `multi-${key.slice(0, 8)}`, paymentMethodToken: 'tok_slow' })
  const pairs = await Promise.all(
    keys.map((key) => Promise.all([a, b].map((s) => pay(s, account, key, body(key))))),
  )
  const bodies = new Map<string, string>()
  for (const [i, pair] of pairs.entries()) {
    const byStatus = pair.map((r) => r.status).sort()
    expect(byStatus, `key ${i}`).toEqual([201, 409])
    const conflict = pair.find((r) => r.status === 409)!
    expect(Number(conflict.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    bodies.set(keys[i]!, await pair.find((r) => r.status === 201)!.text())
  }
  await expectOneChargePerKey(a, account, keys.length)

  // Replays from either instance are the stored 201, byte for byte.
  for (const key of keys.slice(0, 10))
    for (const server of [a, b]) {
      const replay = await pay(server, account, key, body(key))
      expect(replay.status).toBe(201)
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      expect(await replay.text()).toBe(bodies.get(key))
    }
  // The same key with another body, on the other instance: 422, nothing charged.
  const reused = await pay(b, account, keys[0]!, { ...body(keys[0]!), amount: 9999 })
  expect(reused.status).toBe(422)

  // With Prefer: wait=5 the duplicate waits for the first instead: two 201s, one a replay.
  const waiting = Array.from({ length: 10 }, () => newKey())
  const waited = await Promise.all(
    waiting.map((key) =>
      Promise.all([a, b].map((s) => pay(s, account, key, body(key), { prefer: 'wait=5' }))),
    ),
  )
  for (const pair of waited) {
    expect(pair.map((r) => r.status)).toEqual([201, 201])
    expect(pair.map((r) => r.headers.get('idempotent-replayed')).sort()).toEqual(['true', null].sort())
    const [first, second] = await Promise.all(pair.map((r) => r.text()))
    expect(first).toBe(second)
  }
  await expectOneChargePerKey(b, account, keys.length + waiting.length)
})

test('3. kill -9 A with 100 keys in flight: B finishes them; then a recovering B killed in turn', async () => {
  test.setTimeout(120_000)
  const account = await newAccount(a)
  const keys = Array.from({ length: 100 }, () => newKey())
  const body = (key: string) =>
    paymentBody({ orderId: `crash-${key.slice(0, 8)}`, paymentMethodToken: 'tok_slow' })
  const lost = sendAll(a, account, keys, body)
  await untilAllClaimed(b, account, keys)
  await a.kill('SIGKILL')
  const killedAt = Date.now()
  await expectLostInFlight(lost)

  // Retries of A's keys sent to B, while B's sweeper works: 409 or the final replay, never a new charge.
  const retries = await Promise.all(keys.slice(0, 20).map((key) => pay(b, account, key, body(key))))
  for (const retry of retries) expect([201, 409]).toContain(retry.status)

  await expect
    .poll(async () => (await statuses(b, account)).every((s) => s === 'completed'), {
      timeout: 20_000,
      intervals: [100],
    })
    .toBe(true)
  // lease + 3 × provider latency + 2 sweeps (plus a poll interval).
  expect(Date.now() - killedAt).toBeLessThanOrEqual(LEASE_MS + 3 * PROVIDER_SLOW_MS + 2 * SWEEP_MS + 100)
  await expectOneChargePerKey(b, account, keys.length)
  for (const key of keys.slice(0, 5)) {
    const replay = await pay(b, account, key, body(key))
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
  }

  // A again; 50 more keys to A, A killed; B takes them over and is killed mid-recovery; A finishes.
  a = await startNextServer({ env: envFor('a') })
  const second = Array.from({ length: 50 }, () => newKey())
  const lostAgain = sendAll(a, account, second, body)
  await untilAllClaimed(b, account, second)
  const leasesBefore = new Map(
    (await getJson<KeyRow[]>(b, account, '/api/idempotency-keys')).map((r) => [r.key, r.leaseUntil]),
  )
  await a.kill('SIGKILL')
  await expectLostInFlight(lostAgain)
  // B's sweeper has taken the leases over (a new lease on every key) and is calling the provider.
  await expect
    .poll(
      async () =>
        (await getJson<KeyRow[]>(b, account, '/api/idempotency-keys')).filter(
          (r) =>
            second.includes(r.key) && r.status === 'in_progress' && r.leaseUntil !== leasesBefore.get(r.key),
        ).length,
      { timeout: 10_000, intervals: [25] },
    )
    .toBeGreaterThan(0)
  await b.kill('SIGKILL')
  a = await startNextServer({ env: envFor('a') })
  await expect
    .poll(async () => (await statuses(a, account)).every((s) => s === 'completed'), {
      timeout: 30_000,
      intervals: [200],
    })
    .toBe(true)
  await expectOneChargePerKey(a, account, keys.length + second.length)
  b = await startNextServer({ env: envFor('b') })
})

test('4. study side: one grade (same attempt token) sent to A and B together → one review log; undo on B', async ({
  browser,
}) => {
  const learner = crypto.randomUUID()
  const cookie = `drill-learner=${learner}`
  const grade = {
    cardId: 'idempotency-keys',
    attemptToken: crypto.randomUUID(),
    rating: 3,
    pointsTicked: ['one-key-per-intent', 'claim-before-effect'],
    durationMs: 20_000,
    answerMode: 'aloud',
    timezone: 'UTC',
  }
  const send = (server: NextServer, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/review/grade`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const logsOf = async (learnerId: string) =>
    (
      await query<{ n: string }>(
        appUrl,
        `SELECT count(*) AS n FROM review_logs WHERE learner_id = '${learnerId}'`,
      )
    ).map((r) => Number(r.n))[0]

  // The same attempt at the same instant on both: one records it, the other waits for the
  // learner's lock and answers as a replay of that log.
  const answers = await Promise.all([send(a, grade), send(b, grade)])
  const bodies = (await Promise.all(answers.map((r) => r.json()))) as { logId: number; replayed: boolean }[]
  expect(answers.map((r) => r.status).sort()).toEqual([200, 201])
  expect(bodies.map((body) => body.replayed).sort()).toEqual([false, true])
  expect(bodies[0]!.logId).toBe(bodies[1]!.logId)
  expect(await logsOf(learner)).toBe(1)
  const [state] = await query<{ reps: number }>(
    appUrl,
    `SELECT reps FROM card_states WHERE learner_id = '${learner}' AND card_id = 'idempotency-keys'`,
  )
  expect(state?.reps).toBe(1)
  // Either instance replays it afterwards.
  for (const server of [a, b]) {
    const again = await send(server, grade)
    expect(again.status).toBe(200)
    expect(((await again.json()) as { logId: number }).logId).toBe(bodies[0]!.logId)
  }

  // Undo on B's /review page: the card is new again, on A as well.
  const context = await browser.newContext()
  try {
    for (const server of [a, b])
      await context.addCookies([{ name: 'drill-learner', value: learner, url: server.baseUrl }])
    const page = await context.newPage()
    await page.goto(`${b.baseUrl}/review`)
    await page.getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0)
    await expect.poll(() => logsOf(learner)).toBe(0)
    expect(await query(appUrl, `SELECT 1 FROM card_states WHERE learner_id = '${learner}'`)).toHaveLength(0)
    await page.goto(`${a.baseUrl}/review`)
    await expect(page.getByTestId('review-card')).toHaveAttribute('data-card-id', 'idempotency-keys')
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0)
  } finally {
    await context.close()
  }

  // A device's keyed grade retried on the other instance at once: one log, the stored 201 replayed byte for byte.
  const other = crypto.randomUUID()
  const key = crypto.randomUUID()
  const keyed = { ...grade, attemptToken: undefined, reviewedAt: new Date().toISOString() }
  const keyedAnswers = await Promise.all(
    [a, b].map((server) =>
      fetch(`${server.baseUrl}/api/review/grade`, {
        method: 'POST',
        headers: {
          cookie: `drill-learner=${other}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(keyed),
      }),
    ),
  )
  expect(keyedAnswers.map((r) => r.status)).toEqual([201, 201])
  expect(keyedAnswers.map((r) => r.headers.get('idempotent-replayed')).sort()).toEqual(['true', null].sort())
  const [first, second] = await Promise.all(keyedAnswers.map((r) => r.text()))
  expect(first).toBe(second)
  expect(await logsOf(other)).toBe(1)
  const reused = await fetch(`${a.baseUrl}/api/review/grade`, {
    method: 'POST',
    headers: { cookie: `drill-learner=${other}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ ...keyed, rating: 4 }),
  })
  expect(reused.status).toBe(422)
  expect(await logsOf(other)).toBe(1)
})

test('5. a rate-limit burst split over A and B admits exactly the configured burst', async () => {
  const learner = crypto.randomUUID()
  const attempts = await Promise.all(
    Array.from({ length: 3 * ACCOUNT_BURST }, (_, i) =>
      fetch(`${[a, b][i % 2]!.baseUrl}/api/accounts`, {
        method: 'POST',
        headers: { cookie: `drill-learner=${learner}` },
      }),
    ),
  )
  const codes = attempts.map((r) => r.status)
  expect(codes.filter((s) => s === 201)).toHaveLength(ACCOUNT_BURST)
  expect(codes.filter((s) => s === 429)).toHaveLength(2 * ACCOUNT_BURST)
  const refused = attempts.find((r) => r.status === 429)!
  expect(refused.headers.get('content-type')).toBe('application/problem+json')
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
})

test('6. PostgreSQL goes away: /api/health answers 503 problem+json; back again, requests succeed with no restart', async () => {
  const account = await newAccount(a)
  cluster.pause()
  try {
    for (const server of [a, b]) {
      const res = await fetch(`${server.baseUrl}/api/health`)
      expect(res.status).toBe(503)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      expect(((await res.json()) as { type: string }).type).toBe('/problems/database-unavailable')
    }
    // A sweep pass or two fail meanwhile; neither process goes down.
    await new Promise((resolve) => setTimeout(resolve, 2 * SWEEP_MS))
  } finally {
    cluster.resume()
  }
  for (const server of [a, b]) {
    expect(server.child.exitCode).toBeNull()
    await expect.poll(async () => (await fetch(`${server.baseUrl}/api/health`)).status).toBe(200)
  }
  const key = newKey()
  expect((await pay(b, account, key, paymentBody({ orderId: 'after-outage' }))).status).toBe(201)
  await expectOneChargePerKey(a, account, 1)
})
