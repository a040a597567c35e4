// The payments API over real HTTP against the production build: every status the
// contract names, replays byte for byte, and one charge per key.
import { type APIResponse, expect, test } from '@playwright/test'
import {
  demoKey17,
  demoKey18,
  eventually,
  expectProblem,
  getJson,
  keyRows,
  newAccount,
  newCharges,
  newKey,
  pay,
  paymentBody,
} from './api-client'

test.describe('accounts and auth', () => {
  test('POST /api/accounts creates an account whose key works once shown', async ({ request }) => {
    const res = await request.post('/api/accounts')
    expect(res.status()).toBe(201)
    const account = (await res.json()) as { id: number; apiKey: string }
    expect(Number.isInteger(account.id)).toBe(true)
    expect(account.apiKey).toMatch(/^sk_test_/)
    expect(await keyRows(request, account.apiKey)).toEqual([])
  })

  test('a missing or unknown bearer key is a 401 problem on every endpoint', async ({ request }) => {
    const body = JSON.stringify(paymentBody())
    for (const authorization of [undefined, 'Bearer sk_test_nope', 'Basic c2tfdGVzdF8xNw==']) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'idempotency-key': newKey(),
      }
      if (authorization) headers.authorization = authorization
      await expectProblem(await request.post('/api/payments', { headers, data: body }), 401)
      const getHeaders = authorization ? { authorization } : undefined
      await expectProblem(await request.get('/api/payments/1', { headers: getHeaders }), 401)
      await expectProblem(await request.get('/api/provider/charges', { headers: getHeaders }), 401)
      await expectProblem(await request.get('/api/idempotency-keys', { headers: getHeaders }), 401)
      await expectProblem(
        await request.post('/api/payments/1/refunds', { headers, data: JSON.stringify({ amount: 1 }) }),
        401,
      )
    }
  })

  test('the demo accounts 17 and 18 exist with their documented keys', async ({ request }) => {
    await getJson(request, demoKey17, '/api/idempotency-keys')
    await getJson(request, demoKey18, '/api/idempotency-keys')
  })
})

test.describe('POST /api/payments', () => {
  test('creates with 201 + Location, then replays the byte-identical body without a second charge', async ({
    request,
  }) => {
    const account = await newAccount(request)
    const { apiKey } = account
    const key = newKey()
    const first = await pay(request, apiKey, key, paymentBody())
    expect(first.status()).toBe(201)
    const text = await first.text()
    const payment = JSON.parse(text)
    expect(payment).toEqual({
      id: expect.any(Number),
      object: 'payment',
      orderId: 'order-42',
      amount: 2500,
      currency: 'USD',
      state: 'succeeded',
      createdAt: expect.any(String),
    })
    expect(new Date(payment.createdAt).toISOString()).toBe(payment.createdAt)
    expect(first.headers().location).toBe(`/api/payments/${payment.id}`)
    expect(first.headers()['idempotent-replayed']).toBeUndefined()

    // Key order in the body does not matter: the same intent, canonically hashed.
    const reordered = JSON.stringify({
      paymentMethodToken: 'token-9',
      currency: 'USD',
      amount: 2500,
      orderId: 'order-42',
    })
    for (const body of [paymentBody(), reordered]) {
      const replay = await pay(request, apiKey, key, body)
      expect(replay.status()).toBe(201)
      expect(replay.headers()['idempotent-replayed']).toBe('true')
      expect(await replay.text()).toBe(text)
    }
    const ledger = await newCharges(request, account)
    expect(ledger).toHaveLength(1)
    expect(ledger[0]).toMatchObject({ amount: 2500, currency: 'USD', status: expect.any(String) })
    // Our own key goes downstream, never the client's raw key.
    expect(ledger[0]?.providerKey).not.toBe(key)
  })

  test('a quoted structured-field key names the same key as the bare one', async ({ request }) => {
    const account = await newAccount(request)
    const { apiKey } = account
    const key = newKey()
    const first = await pay(request, apiKey, `"${key}"`, paymentBody())
    expect(first.status()).toBe(201)
    const replay = await pay(request, apiKey, key, paymentBody())
    expect(replay.headers()['idempotent-replayed']).toBe('true')
    expect(await replay.text()).toBe(await first.text())
    expect((await keyRows(request, apiKey)).map((row) => row.key)).toEqual([key])
  })

  test('400 for a bad key, malformed JSON or an invalid body stores nothing', async ({ request }) => {
    const account = await newAccount(request)
    const { apiKey } = account
    const key = newKey()
    for (const badKey of [null, '', 'x'.repeat(256), 'has space', 'naïve', '""']) {
      await expectProblem(await pay(request, apiKey, badKey, paymentBody()), 400)
    }
    await expectProblem(await pay(request, apiKey, key, '{"orderId": "order-42",'), 400)
    const invalidBodies: unknown[] = [
      { ...paymentBody(), extra: true },
      paymentBody({ amount: 0 }),
      paymentBody({ amount: 100_000_000 }),
      paymentBody({ amount: 12.5 }),
      paymentBody({ currency: 'usd' }),
      paymentBody({ currency: 'XYZ' }),
      paymentBody({ orderId: '' }),
      paymentBody({ orderId: 'o'.repeat(65) }),
      { orderId: 'order-42', amount: 2500, currency: 'USD' },
      [],
      'a string',
    ]
    for (const body of invalidBodies) {
      await expectProblem(await pay(request, apiKey, key, JSON.stringify(body)), 400)
    }
    expect(await keyRows(request, apiKey)).toEqual([])
    expect(await newCharges(request, account)).toEqual([])

    // The same key is still free: a valid request is processed normally.
    const ok = await pay(request, apiKey, key, paymentBody({ amount: 99_999_999, currency: 'JPY' }))
    expect(ok.status()).toBe(201)
    expect(ok.headers()['idempotent-replayed']).toBeUndefined()
  })

  test('413 for a body over 16 KiB and 415 for a body that is not JSON', async ({ request }) => {
    const account = await newAccount(request)
    const { apiKey } = account
    const key = newKey()
    const big = JSON.stringify({ ...paymentBody(), orderId: 'x'.repeat(17 * 1024) })
    await expectProblem(await pay(request, apiKey, key, big), 413)
    await expectProblem(
      await request.post('/api/payments', {
        headers: { authorization: `Bearer ${apiKey}`, 'idempotency-key': key, 'content-type': 'text/plain' },
        data: JSON.stringify(paymentBody()),
      }),
      415,
    )
    expect(await keyRows(request, apiKey)).toEqual([])
  })

  test('422 idempotency-key-reused for a changed body leaves the row and the provider alone', async ({
    request,
  }) => {
    const account = await newAccount(request)
    const { apiKey } = account
    const key = newKey()
    const first = await pay(request, apiKey, key, paymentBody())
    expect(first.status()).toBe(201)
    const before = await keyRows(request, apiKey)

    const problem = await expectProblem(await pay(request, apiKey, key, paymentBody({ amount: 2600 })), 422)
    expect(String(problem.type)).toMatch(/\/idempotency-key-reused$/)

    expect(await keyRows(request, apiKey)).toEqual(before)
    expect(await newCharges(request, account)).toHaveLength(1)
    const replay = await pay(request, apiKey, key, paymentBody())
    expect(await replay.text()).toBe(await first.text())
  })

  test('402 for a declined card, stored and replayed like a success', async ({ request }) => {
    const account = await newAccount(request)
    const { apiKey } = account
    const key = newKey()
    const first = await pay(request, apiKey, key, paymentBody({ paymentMethodToken: 'tok_decline' }))
    expect(first.status()).toBe(402)
    const text = await first.text()
    expect(JSON.parse(text)).toMatchObject({
      id: expect.any(Number),
      object: 'payment',
      state: 'failed',
      failureCode: 'card_declined',
      amount: 2500,
      currency: 'USD',
    })
    const replay = await pay(request, apiKey, key, paymentBody({ paymentMethodToken: 'tok_decline' }))
    expect(replay.status()).toBe(402)
    expect(replay.headers()['idempotent-replayed']).toBe('true')
    expect(await replay.text()).toBe(text)
    expect((await newCharges(request, account)).filter((c) => c.status === 'succeeded')).toHaveLength(0)
  })

  test('202 pending_unknown on a provider timeout settles through the sweep with one charge', async ({
    request,
  }) => {
    const account = await newAccount(request)
    const { apiKey } = account
    const key = newKey()
    const body = paymentBody({ paymentMethodToken: 'tok_timeout' })
    const first = await pay(request, apiKey, key, body)
    expect(first.status()).toBe(202)
    const pending = await first.json()
    expect(pending).toMatchObject({ object: 'payment', state: 'pending_unknown', amount: 2500 })

    // A retry before the sweep sees the current pending state, never a new charge.
    const early = await pay(request, apiKey, key, body)
    if (early.status() === 202) expect(await early.json()).toMatchObject({ state: 'pending_unknown' })
    else expect(early.status()).toBe(201)
    expect(await newCharges(request, account)).toHaveLength(1)

    const settled = await eventually(
      async () => {
        const res = await pay(request, apiKey, key, body)
        return {
          status: res.status(),
          text: await res.text(),
          replayed: res.headers()['idempotent-replayed'],
        }
      },
      (r) => r.status === 201,
      15_000,
    )
    expect(settled.status).toBe(201)
    expect(settled.replayed).toBe('true')
    expect(JSON.parse(settled.text)).toMatchObject({ id: pending.id, state: 'succeeded' })
    expect(await newCharges(request, account)).toHaveLength(1)
    const payment = await getJson<{ state: string }>(request, apiKey, `/api/payments/${pending.id}`)
    expect(payment.state).toBe('succeeded')
  })

  test('409 with Retry-After while the first request is in flight; the retry replays its 201', async ({
    request,
  }) => {
    const account = await newAccount(request)
    const { apiKey } = account
    const key = newKey()
    const body = paymentBody({ paymentMethodToken: 'tok_slow' })
    const first = pay(request, apiKey, key, body)
    await eventually(
      () => keyRows(request, apiKey),
      (rows) => rows.length === 1,
      5_000,
    )

    const duplicate = await pay(request, apiKey, key, body)
    await expectProblem(duplicate, 409)
    expect(Number(duplicate.headers()['retry-after'])).toBeGreaterThanOrEqual(1)

    const firstRes = await first
    expect(firstRes.status()).toBe(201)
    const retry = await pay(request, apiKey, key, body)
    expect(retry.status()).toBe(201)
    expect(retry.headers()['idempotent-replayed']).toBe('true')
    expect(await retry.text()).toBe(await firstRes.text())
    expect(await newCharges(request, account)).toHaveLength(1)
  })

  test('Prefer: wait holds the duplicate and returns the first request’s stored 201', async ({ request }) => {
    const account = await newAccount(request)
    const { apiKey } = account
    const key = newKey()
    const body = paymentBody({ paymentMethodToken: 'tok_slow' })
    const first = pay(request, apiKey, key, body)
    await eventually(
      () => keyRows(request, apiKey),
      (rows) => rows.length === 1,
      5_000,
    )

    const waited = await pay(request, apiKey, key, body, { prefer: 'wait=10' })
    const firstRes = await first
    expect(waited.status()).toBe(201)
    expect(waited.headers()['idempotent-replayed']).toBe('true')
    expect(await waited.text()).toBe(await firstRes.text())

    // Too short a wait still gets the 409.
    const key2 = newKey()
    const second = pay(request, apiKey, key2, body)
    await eventually(
      () => keyRows(request, apiKey),
      (rows) => rows.length === 2,
      5_000,
    )
    await expectProblem(await pay(request, apiKey, key2, body, { prefer: 'wait=0' }), 409)
    expect((await second).status()).toBe(201)
    expect(await newCharges(request, account)).toHaveLength(2)
  })

  test('32 concurrent identical tok_slow requests make exactly one charge; the others get 409', async ({
    request,
  }) => {
    const account = await newAccount(request)
    const { apiKey } = account
    const key = newKey()
    const body = paymentBody({ paymentMethodToken: 'tok_slow' })
    const responses = await Promise.all(Array.from({ length: 32 }, () => pay(request, apiKey, key, body)))
    const statuses = responses.map((r) => r.status()).sort()
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(31)
    for (const res of responses.filter((r) => r.status() === 409))
      expect(res.headers()['retry-after']).toBeTruthy()
    expect(await newCharges(request, account)).toHaveLength(1)
  })

  test('32 concurrent identical tok_slow requests with Prefer: wait all get the one stored 201', async ({
    request,
  }) => {
    const account = await newAccount(request)
    const { apiKey } = account
    const key = newKey()
    const body = paymentBody({ paymentMethodToken: 'tok_slow' })
    const responses = await Promise.all(
      Array.from({ length: 32 }, () => pay(request, apiKey, key, body, { prefer: 'wait=10' })),
    )
    const texts = await Promise.all(responses.map((r) => r.text()))
    expect(responses.map((r) => r.status())).toEqual(Array(32).fill(201))
    expect(new Set(texts).size).toBe(1)
    expect(responses.filter((r) => r.headers()['idempotent-replayed'] === 'true')).toHaveLength(31)
    expect(await newCharges(request, account)).toHaveLength(1)
  })

  test('keys are scoped per account: 17 and 18 may both use the same key', async ({ request }) => {
    const key = newKey()
    const a = await pay(request, demoKey17, key, paymentBody())
    const b = await pay(request, demoKey18, key, paymentBody())
    expect(a.status()).toBe(201)
    expect(b.status()).toBe(201)
    expect(b.headers()['idempotent-replayed']).toBeUndefined()
    expect((await a.json()).id).not.toBe((await b.json()).id)
  })
})

test.describe('payments, refunds, the ledger and the key rows', () => {
  test('GET /api/payments/{id} answers the owner and 404s any other account', async ({ request }) => {
    const owner = await newAccount(request)
    const other = await newAccount(request)
    const created = await (await pay(request, owner.apiKey, newKey(), paymentBody())).json()
    const payment = await getJson<Record<string, unknown>>(
      request,
      owner.apiKey,
      `/api/payments/${created.id}`,
    )
    expect(payment).toMatchObject({ id: created.id, object: 'payment', state: 'succeeded', amount: 2500 })
    const res = await request.get(`/api/payments/${created.id}`, {
      headers: { authorization: `Bearer ${other.apiKey}` },
    })
    await expectProblem(res, 404)
    await expectProblem(
      await request.get('/api/payments/999999999', { headers: { authorization: `Bearer ${owner.apiKey}` } }),
      404,
    )
  })

  test('refunds: 201, replayed with the same key, 400 when over-refunding', async ({ request }) => {
    const account = await newAccount(request)
    const { apiKey } = account
    const created = await (await pay(request, apiKey, newKey(), paymentBody())).json()
    const refund = (key: string | null, amount: unknown) =>
      request.post(`/api/payments/${created.id}/refunds`, {
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          ...(key === null ? {} : { 'idempotency-key': key }),
        },
        data: JSON.stringify({ amount }),
      })
    const key = newKey()
    const first = await refund(key, 1000)
    expect(first.status()).toBe(201)
    const text = await first.text()
    const replay = await refund(key, 1000)
    expect(replay.status()).toBe(201)
    expect(replay.headers()['idempotent-replayed']).toBe('true')
    expect(await replay.text()).toBe(text)
    await expectProblem(await refund(key, 1200), 422)
    await expectProblem(await refund(null, 100), 400)
    await expectProblem(await refund(newKey(), 1501), 400)
    expect((await refund(newKey(), 1500)).status()).toBe(201)
    await expectProblem(await refund(newKey(), 1), 400)
  })

  test('GET /api/idempotency-keys lists the calling account’s rows only', async ({ request }) => {
    const a = await newAccount(request)
    const b = await newAccount(request)
    const key = newKey()
    await pay(request, a.apiKey, key, paymentBody())
    const rows = await keyRows(request, a.apiKey)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      key,
      status: 'completed',
      responseStatus: 201,
      bodyHash: expect.any(String),
    })
    expect(Date.parse(rows[0]!.expiresAt) - Date.parse(rows[0]!.createdAt)).toBeGreaterThanOrEqual(86_400_000)
    expect(await keyRows(request, b.apiKey)).toEqual([])
    expect(await newCharges(request, b)).toEqual([])
  })
})

// Last: it uses up this address's allowance for new accounts.
test('POST /api/accounts is rate-limited per client address', async ({ request }) => {
  const statuses: number[] = []
  let limited: APIResponse | undefined
  for (let i = 0; i < 400 && !limited; i++) {
    const res = await request.post('/api/accounts')
    statuses.push(res.status())
    if (res.status() === 429) limited = res
  }
  if (!limited) throw new Error(`no 429 in ${statuses.length} new accounts`)
  expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true)
  // The refusal itself (one more request could meet a token refilled in the meantime).
  await expectProblem(limited, 429)
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThanOrEqual(1)
})
