// Behaviour of the engine as a client sees it (status, exact body, replay header)
// and as the books see it (rows, provider charges), one branch at a time.
import { describe, expect, it } from 'vitest'
import { BODY, harness, KEY, START_MS, until } from './test/harness'

const json = (text: string) => JSON.parse(text) as Record<string, unknown>

describe('create payment — first attempt and replay', () => {
  it('answers 201 with the payment, dated by the injected clock, and stores it on the key', async () => {
    const h = harness()
    const res = await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    expect(res.status).toBe(201)
    expect(res.kind).toBe('created')
    expect(res.replayed).toBe(false)
    expect(res.contentType).toBe('application/json')
    expect(res.location).toBe('/api/payments/88')
    expect(res.body).toBe(
      '{"id":88,"object":"payment","orderId":"42","amount":2500,"currency":"USD","state":"succeeded","createdAt":"2026-01-05T10:00:00.000Z"}',
    )
    const row = h.keyRow(17, KEY)!
    expect(row.status).toBe('completed')
    expect(row.response_status).toBe(201)
    expect(row.response_body).toBe(res.body)
    expect(h.provider.chargeCount()).toBe(1)
  })

  it('replays the stored 201 byte for byte when the retry carries the same body in another key order', async () => {
    const h = harness()
    const first = await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    await h.clock.advance(2100)
    const reordered = { paymentMethodToken: 'token-9', currency: 'USD', amount: 2500, orderId: '42' }
    const retry = await h.engine.createPayment({ accountId: 17, key: KEY, body: reordered })
    expect(retry.status).toBe(201)
    expect(retry.replayed).toBe(true)
    expect(retry.body).toBe(first.body)
    expect(h.calls).toHaveLength(1)
    expect(h.count('payments')).toBe(1)
  })

  it('calls the provider with its own key derived from the row, never the client key', async () => {
    const h = harness()
    await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    const providerKey = h.calls[0]!.providerKey
    expect(providerKey).toMatch(/^pk_[0-9a-f]{20}$/)
    expect(providerKey).not.toContain(KEY)
    expect(h.keyRow(17, KEY)!.provider_key).toBe(providerKey)
  })
})

describe('validation comes first', () => {
  it.each([
    ['an unknown field', { ...BODY, extra: 1 }],
    ['a fractional amount', { ...BODY, amount: 25.5 }],
    ['a zero amount', { ...BODY, amount: 0 }],
    ['an amount above 99,999,999', { ...BODY, amount: 100_000_000 }],
    ['a lower-case currency', { ...BODY, currency: 'usd' }],
    ['an unsupported currency', { ...BODY, currency: 'XYZ' }],
    ['an empty orderId', { ...BODY, orderId: '' }],
    ['a 65-character orderId', { ...BODY, orderId: 'x'.repeat(65) }],
    ['a missing token', { orderId: '42', amount: 2500, currency: 'USD' }],
    ['a non-object body', 'hello'],
  ])('rejects %s with a 400 problem and stores nothing', async (_, body) => {
    const h = harness()
    const res = await h.engine.createPayment({ accountId: 17, key: KEY, body })
    expect(res.status).toBe(400)
    expect(res.contentType).toBe('application/problem+json')
    expect(json(res.body).type).toBe('/problems/invalid-request')
    expect(h.count('idempotency_keys')).toBe(0)
    expect(h.calls).toHaveLength(0)
  })

  it('accepts the boundaries (amount 1 and 99,999,999; JPY; a 64-character orderId)', async () => {
    const h = harness()
    for (const [i, body] of [
      { ...BODY, amount: 1 },
      { ...BODY, amount: 99_999_999, currency: 'JPY', orderId: 'o'.repeat(64) },
    ].entries())
      expect((await h.engine.createPayment({ accountId: 17, key: `k${i}`, body })).status).toBe(201)
  })

  it('processes a later valid request with the key a rejected one used', async () => {
    const h = harness()
    await h.engine.createPayment({ accountId: 17, key: KEY, body: { ...BODY, amount: -1 } })
    expect((await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })).status).toBe(201)
  })
})

describe('the conflict branches', () => {
  it('answers 422 idempotency-key-reused for a different body, leaving the row and the provider alone', async () => {
    const h = harness()
    await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    const before = h.keyRow(17, KEY)
    const res = await h.engine.createPayment({ accountId: 17, key: KEY, body: { ...BODY, amount: 2600 } })
    expect(res.status).toBe(422)
    expect(res.kind).toBe('mismatch')
    expect(json(res.body).type).toMatch(/\/idempotency-key-reused$/)
    expect(h.keyRow(17, KEY)).toEqual(before)
    expect(h.calls).toHaveLength(1)
  })

  it('stores a decline as a final 402 and replays it', async () => {
    const h = harness({ behaviour: () => ({ kind: 'decline' }) })
    const first = await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    expect(first.status).toBe(402)
    expect(json(first.body)).toMatchObject({
      id: 88,
      object: 'payment',
      state: 'failed',
      failureCode: 'card_declined',
    })
    const again = await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    expect(again).toMatchObject({ status: 402, replayed: true, body: first.body })
    expect(h.calls).toHaveLength(1)
    expect(h.provider.chargeCount()).toBe(0)
  })

  it('answers 409 with Retry-After while the first request is in flight, then replays its 201', async () => {
    const h = harness({ latencyMs: 450 })
    const a = h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    await h.clock.advance(80)
    const b = await h.second().createPayment({ accountId: 17, key: KEY, body: BODY })
    expect(b.status).toBe(409)
    expect(b.retryAfterS).toBe(1)
    expect(json(b.body).retryAfterS).toBe(1)
    await h.clock.advance(400)
    const first = await a
    const retry = await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    expect(retry).toMatchObject({ status: 201, replayed: true, body: first.body })
    expect(h.calls).toHaveLength(1)
  })

  it('with policy wait, holds the duplicate and returns the first result when it lands', async () => {
    const h = harness({
      latencyMs: 450,
      config: { inFlightPolicy: { kind: 'wait', maxWaitMs: 1000, retryAfterS: 1 } },
    })
    const a = h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    await h.clock.advance(80)
    const b = until(h.clock, h.second().createPayment({ accountId: 17, key: KEY, body: BODY }))
    const [first, second] = await Promise.all([a, b])
    expect(second).toMatchObject({ status: 201, replayed: true, body: first.body })
    expect(h.clock.now - START_MS).toBeLessThanOrEqual(500)
    expect(h.calls).toHaveLength(1)
  })

  it('honours a per-call wait (Prefer: wait) under the 409 policy, and still 409s when the wait runs out', async () => {
    const h = harness({ latencyMs: 5000 })
    void h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    await h.clock.advance(10)
    const b = await until(
      h.clock,
      h.second().createPayment({ accountId: 17, key: KEY, body: BODY, waitMs: 300 }),
    )
    expect(b.status).toBe(409)
    expect(h.clock.now - START_MS).toBeGreaterThanOrEqual(300)
  })

  it('lets exactly one retry take over an expired lease (a conditional update in SQL)', async () => {
    const h = harness({ config: { leaseMs: 1000 } })
    // A claim whose server died: in_progress, lease already past.
    h.sqlite
      .prepare(
        `INSERT INTO idempotency_keys (account_id, key, operation, status, body_hash, request_body, provider_key,
          lease_until_ms, lease_version, created_at_ms, expires_at_ms)
         VALUES (17, ?, 'create_payment', 'in_progress', 'h', '{}', 'pk_x', ?, 0, ?, ?)`,
      )
      .run(KEY, START_MS - 1, START_MS - 2000, START_MS + 86_400_000)
    const update = h.sqlite.prepare(
      `UPDATE idempotency_keys SET lease_until_ms = ?, lease_version = lease_version + 1
       WHERE account_id = 17 AND key = ? AND status = 'in_progress' AND lease_version = 0 AND lease_until_ms <= ?`,
    )
    const winners = [
      update.run(START_MS + 1000, KEY, START_MS).changes,
      update.run(START_MS + 1000, KEY, START_MS).changes,
    ]
    expect(winners).toEqual([1, 0])
  })

  it('resumes a crashed claim after its lease with the same provider key: the provider dedupes, one charge', async () => {
    const h = harness({ config: { leaseMs: 1000 } })
    await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    const providerKey = h.calls[0]!.providerKey
    // Simulate the crash after the charge: the key is back to in_progress with an expired lease, no payment row.
    h.sqlite.prepare('DELETE FROM payments').run()
    h.sqlite
      .prepare(
        "UPDATE idempotency_keys SET status = 'in_progress', response_status = NULL, response_body = NULL, resource_id = NULL, lease_until_ms = ?",
      )
      .run(START_MS + 500)
    await h.clock.advance(1000)
    const retry = await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    expect(retry.status).toBe(201)
    expect(h.calls[1]!.providerKey).toBe(providerKey)
    expect(h.provider.chargeCount()).toBe(1)
  })
})

describe('unknown outcomes', () => {
  it('answers 202 pending_unknown on a provider timeout; a retry gets the current state and charges nothing; reconciliation settles it once', async () => {
    const h = harness({
      behaviour: (r) => ({ kind: r.requestId === 'first' ? 'timeout-after-accept' : 'ok' }),
    })
    const first = await until(
      h.clock,
      h.engine.createPayment({ accountId: 17, key: KEY, body: BODY, requestId: 'first' }),
    )
    expect(first.status).toBe(202)
    expect(json(first.body)).toMatchObject({ id: 88, object: 'payment', state: 'pending_unknown' })
    const retry = await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    expect(retry.status).toBe(202)
    expect(h.calls).toHaveLength(1)
    const report = await h.engine.reconcile()
    expect(report).toMatchObject({ sweep: 'reconciliation', examined: 1, settled: 1, remaining: 0 })
    const after = await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    expect(after.status).toBe(201)
    expect(json(after.body)).toMatchObject({ id: 88, state: 'succeeded' })
    expect(h.provider.chargeCount()).toBe(1)
    expect((await h.engine.reconcile()).examined).toBe(0)
  })

  it('re-sends under the same key when the provider never saw the charge (unavailable), without a second charge', async () => {
    const h = harness({ behaviour: (r) => ({ kind: r.requestId === 'first' ? 'unavailable' : 'ok' }) })
    const first = await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY, requestId: 'first' })
    expect(first.status).toBe(202)
    await h.engine.reconcile()
    expect(h.keyRow(17, KEY)!.status).toBe('completed')
    expect(h.provider.chargeCount()).toBe(1)
    expect(h.calls.map((c) => c.providerKey)).toEqual([h.calls[0]!.providerKey, h.calls[0]!.providerKey])
  })

  it('settles a pending payment from the provider webhook, exactly once', async () => {
    const h = harness({ behaviour: () => ({ kind: 'timeout-after-accept' }) })
    await until(h.clock, h.engine.createPayment({ accountId: 17, key: KEY, body: BODY }))
    const providerKey = h.keyRow(17, KEY)!.provider_key
    const chargeId = h.provider.ledger()[0]!.id
    expect(await h.engine.handleWebhook({ providerKey, outcome: 'succeeded', chargeId })).toEqual({
      kind: 'settled',
    })
    expect(await h.engine.handleWebhook({ providerKey, outcome: 'succeeded', chargeId })).toEqual({
      kind: 'ignored',
    })
    expect(await h.engine.handleWebhook({ providerKey: 'pk_nope', outcome: 'succeeded' })).toEqual({
      kind: 'unknown-key',
    })
    expect(h.keyRow(17, KEY)!.response_status).toBe(201)
  })
})

describe('expiry and scope', () => {
  it('the reaper purges completed keys past the TTL but never in_progress or pending_unknown ones', async () => {
    const h = harness({
      config: { keyTtlMs: 1000 },
      behaviour: (r) => ({ kind: r.requestId === 'p' ? 'timeout-after-accept' : 'ok' }),
    })
    await h.engine.createPayment({ accountId: 17, key: 'done', body: BODY })
    await until(
      h.clock,
      h.engine.createPayment({ accountId: 17, key: 'pending', body: BODY, requestId: 'p' }),
    )
    h.sqlite
      .prepare(
        `INSERT INTO idempotency_keys (account_id, key, operation, status, body_hash, request_body, provider_key,
          lease_until_ms, lease_version, created_at_ms, expires_at_ms)
         VALUES (17, 'running', 'create_payment', 'in_progress', 'h', '{}', 'pk_y', ?, 0, ?, ?)`,
      )
      .run(START_MS + 999_999, START_MS, START_MS + 1000)
    await h.clock.advance(5000)
    const report = await h.engine.reapExpiredKeys()
    expect(report).toMatchObject({ sweep: 'reaper', settled: 1 })
    expect(h.keyRow(17, 'done')).toBeUndefined()
    expect(h.keyRow(17, 'pending')!.status).toBe('pending_unknown')
    expect(h.keyRow(17, 'running')!.status).toBe('in_progress')
  })

  it('a request after the purge is a new operation with a new provider key', async () => {
    const h = harness({ config: { keyTtlMs: 1000 } })
    const first = await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    await h.clock.advance(2000)
    await h.engine.reapExpiredKeys()
    const later = await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    expect(later).toMatchObject({ status: 201, replayed: false })
    expect(json(later.body).id).toBe(89)
    expect(later.body).not.toBe(first.body)
    expect(h.calls[1]!.providerKey).not.toBe(h.calls[0]!.providerKey)
  })

  it('replays inside the TTL (23 h later) with the default 24 h keys', async () => {
    const h = harness()
    const first = await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    await h.clock.advance(23 * 3_600_000)
    await h.engine.reapExpiredKeys()
    expect(await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })).toMatchObject({
      replayed: true,
      body: first.body,
    })
  })

  it('keeps accounts 17 and 18 apart: the same key gives two rows and two first attempts', async () => {
    const h = harness()
    const a = await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    const b = await h.engine.createPayment({ accountId: 18, key: KEY, body: BODY })
    expect(b).toMatchObject({ status: 201, replayed: false })
    expect(b.body).not.toBe(a.body)
    expect(h.count('idempotency_keys')).toBe(2)
  })
})

describe('refunds', () => {
  async function paid() {
    const h = harness()
    await h.engine.createPayment({ accountId: 17, key: KEY, body: BODY })
    return h
  }

  it('refunds with its own key, replays the refund, and never exceeds the captured amount', async () => {
    const h = await paid()
    const r1 = await h.engine.refundPayment({
      accountId: 17,
      key: 'refund-1',
      paymentId: 88,
      body: { amount: 2000 },
    })
    expect(r1.status).toBe(201)
    expect(json(r1.body)).toMatchObject({
      object: 'refund',
      paymentId: 88,
      amount: 2000,
      currency: 'USD',
      state: 'succeeded',
    })
    expect(
      await h.engine.refundPayment({ accountId: 17, key: 'refund-1', paymentId: 88, body: { amount: 2000 } }),
    ).toMatchObject({
      replayed: true,
      body: r1.body,
    })
    const over = await h.engine.refundPayment({
      accountId: 17,
      key: 'refund-2',
      paymentId: 88,
      body: { amount: 501 },
    })
    expect(over.status).toBe(400)
    expect(over.kind).toBe('over-refund')
    expect(h.keyRow(17, 'refund-2')).toBeUndefined()
    expect(
      (await h.engine.refundPayment({ accountId: 17, key: 'refund-3', paymentId: 88, body: { amount: 500 } }))
        .status,
    ).toBe(201)
    expect(
      h.provider
        .ledger()
        .filter((l) => l.kind === 'refund')
        .reduce((s, l) => s + l.amountMinor, 0),
    ).toBe(2500)
  })

  it('answers 404 for another account’s payment and 400 for a bad amount, storing nothing', async () => {
    const h = await paid()
    expect(
      (await h.engine.refundPayment({ accountId: 18, key: 'r', paymentId: 88, body: { amount: 1 } })).status,
    ).toBe(404)
    expect(
      (await h.engine.refundPayment({ accountId: 17, key: 'r', paymentId: 88, body: { amount: 0 } })).status,
    ).toBe(400)
    expect(h.keyRow(17, 'r')).toBeUndefined()
  })
})
