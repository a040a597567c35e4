// The live lock service over real HTTP, as the README's walk-through drives it with curl: a lease with a
// fencing token, a holder that pauses past its lease, a new holder with a higher token, and the storage
// refusing the paused holder's stale write. Scoped by the account's API key like the payments API.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test'
import { expectProblem, newAccount } from './api-client'

const auth = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` })

function lease(request: APIRequestContext, apiKey: string, name: string, ttlMs: unknown, token?: number) {
  return request.post(`/api/locks/${name}/lease`, {
    headers: {
      ...auth(apiKey),
      'content-type': 'application/json',
      ...(token === undefined ? {} : { 'fencing-token': String(token) }),
    },
    data: JSON.stringify({ ttlMs }),
  })
}

function write(request: APIRequestContext, apiKey: string, name: string, token: string, value: unknown) {
  return request.put(`/api/locks/${name}/value`, {
    headers: { ...auth(apiKey), 'content-type': 'application/json', 'fencing-token': token },
    data: JSON.stringify(value),
  })
}

async function json<T>(res: APIResponse, status: number): Promise<T> {
  expect(res.status(), await res.text()).toBe(status)
  return (await res.json()) as T
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test('a holder paused past its lease loses the lock, and the storage refuses its stale token', async ({
  request,
}) => {
  const { apiKey } = await newAccount(request)
  const first = await json<{ token: number; leaseUntil: string }>(
    await lease(request, apiKey, 'report', 1000),
    201,
  )
  expect(first.token).toBe(1)
  expect(Date.parse(first.leaseUntil)).toBeGreaterThan(Date.now() - 5_000)

  // While the first lease runs, nobody else gets the lock.
  const held = await lease(request, apiKey, 'report', 1000)
  await expectProblem(held, 409)
  expect(Number(held.headers()['retry-after'])).toBeGreaterThanOrEqual(1)
  expect(((await held.json()) as { type: string }).type).toBe('/problems/lock-held')

  expect(
    (await json<{ token: number }>(await write(request, apiKey, 'report', '1', { v: 'one' }), 200)).token,
  ).toBe(1)

  // Client 1 "pauses" past its lease; client 2 is granted the next token and writes.
  await sleep(1_200)
  const second = await json<{ token: number }>(await lease(request, apiKey, 'report', 5000), 201)
  expect(second.token).toBe(2)
  await json(await write(request, apiKey, 'report', '2', { v: 'two' }), 200)

  // Client 1 wakes and writes with its old token: refused, and the value is client 2's.
  const stale = await write(request, apiKey, 'report', '1', { v: 'stale' })
  const problem = (await expectProblem(stale, 409)) as unknown as { type: string; acceptedToken: number }
  expect(problem.type).toBe('/problems/stale-fencing-token')
  expect(problem.acceptedToken).toBe(2)
  // Its renewal is refused too: its lease is gone.
  expect(
    ((await expectProblem(await lease(request, apiKey, 'report', 5000, 1), 409)) as { type: string }).type,
  ).toBe('/problems/lease-lost')

  const state = await json<{ token: number; held: boolean; acceptedToken: number; value: unknown }>(
    await request.get('/api/locks/report', { headers: auth(apiKey) }),
    200,
  )
  expect(state).toMatchObject({ token: 2, held: true, acceptedToken: 2, value: { v: 'two' } })

  // The holder renews, then releases; the next grant comes at once with the next token.
  await json(await lease(request, apiKey, 'report', 5000, 2), 200)
  const released = await request.delete('/api/locks/report/lease', {
    headers: { ...auth(apiKey), 'fencing-token': '2' },
  })
  expect(released.status()).toBe(204)
  expect((await json<{ token: number }>(await lease(request, apiKey, 'report', 5000), 201)).token).toBe(3)
})

test('many clients asking at once: exactly one is granted', async ({ request }) => {
  const { apiKey } = await newAccount(request)
  const answers = await Promise.all(Array.from({ length: 20 }, () => lease(request, apiKey, 'race', 30_000)))
  expect(answers.map((a) => a.status()).sort()).toEqual([201, ...Array(19).fill(409)])
})

test('locks are the account’s own: another key neither sees nor fences them', async ({ request }) => {
  const a = await newAccount(request)
  const b = await newAccount(request)
  await json(await lease(request, a.apiKey, 'shared-name', 30_000), 201)
  await expectProblem(await request.get('/api/locks/shared-name', { headers: auth(b.apiKey) }), 404)
  expect(
    (await json<{ token: number }>(await lease(request, b.apiKey, 'shared-name', 30_000), 201)).token,
  ).toBe(1)
  for (const res of [
    await request.post('/api/locks/x/lease', {
      headers: { 'content-type': 'application/json' },
      data: '{"ttlMs":1000}',
    }),
    await request.put('/api/locks/x/value', { headers: { 'fencing-token': '1' }, data: '{}' }),
    await request.get('/api/locks/x', { headers: auth('sk_test_nope') }),
  ])
    await expectProblem(res, 401)
})

test('bad input is a problem naming the field, and nothing is stored', async ({ request }) => {
  const { apiKey } = await newAccount(request)
  for (const ttlMs of [undefined, 0, 99, 600_001, 1.5, '1000'])
    expect(
      ((await expectProblem(await lease(request, apiKey, 'bad', ttlMs), 400)) as { detail: string }).detail,
    ).toMatch(/ttlMs/)
  expect(
    ((await expectProblem(await lease(request, apiKey, '-dash-first', 1000), 400)) as { detail: string })
      .detail,
  ).toMatch(/name/)
  await expectProblem(await request.get('/api/locks/bad', { headers: auth(apiKey) }), 404)

  await json(await lease(request, apiKey, 'bad', 30_000), 201)
  const noToken = await request.put('/api/locks/bad/value', {
    headers: { ...auth(apiKey), 'content-type': 'application/json' },
    data: '{}',
  })
  expect(((await expectProblem(noToken, 400)) as { detail: string }).detail).toMatch(/Fencing-Token/)
  for (const token of ['0', 'abc', '-1', '99'])
    expect(
      ((await expectProblem(await write(request, apiKey, 'bad', token, {}), 400)) as { detail: string })
        .detail,
    ).toMatch(/Fencing-Token/)
  await expectProblem(
    await request.put('/api/locks/bad/value', {
      headers: { ...auth(apiKey), 'content-type': 'application/json', 'fencing-token': '1' },
      data: Buffer.from('{"unterminated'),
    }),
    400,
  )
  await expectProblem(await write(request, apiKey, 'never-leased', '1', {}), 404)
  const state = await json<{ acceptedToken: number | null; value: unknown }>(
    await request.get('/api/locks/bad', { headers: auth(apiKey) }),
    200,
  )
  expect(state).toMatchObject({ acceptedToken: null, value: null })
})

test('the README walk-through runs as written: the paused holder’s write is refused', async ({ baseURL }) => {
  test.setTimeout(60_000)
  const readme = fs.readFileSync('README.md', 'utf8')
  const markdown = readme.slice(readme.indexOf('<!-- locks:start'), readme.indexOf('<!-- locks:end -->'))
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!)
  expect(blocks.length).toBe(3)
  const script = blocks.join('\n').replaceAll('http://localhost:3000', baseURL!)
  const output = execFileSync('bash', ['-c', script], { encoding: 'utf8', timeout: 45_000 })
  const statuses = [...output.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))
  expect(statuses).toEqual([201, 409, 200, 201, 200, 409])
  expect(output).toContain('/problems/stale-fencing-token')
  expect(output).toContain('"acceptedToken":2')
  expect(output).toContain('"value":{"total":2600}')
})
