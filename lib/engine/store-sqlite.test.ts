// The simulator's schedule rests on the SQLite adapter answering synchronously: the protocol
// awaits only Promises, so a method that started returning one would add microtask ticks and
// reorder simulated runs (the goldens would show it, but not why). Every port method answers a
// plain value here, and a failed fence rolls its whole transaction back.
import { describe, expect, it } from 'vitest'
import { paymentBody } from './responses'
import { freshEngineDatabase, releaseEngineDatabase } from './sim/template-db'
import { type EngineStore, isPending, type NewClaim } from './store-port'
import { sqliteStore } from './store-sqlite'

const NOW = Date.parse('2026-01-05T10:00:00.000Z')
const claim = (key: string): NewClaim => ({
  scope: 17,
  key,
  operation: 'create_payment',
  bodyHash: 'h',
  requestBody: '{}',
  providerKey: `pk_${key}`,
  leaseUntilMs: NOW - 1,
  createdAtMs: NOW,
  expiresAtMs: NOW + 1000,
})

describe('the SQLite store adapter', () => {
  it('answers every port method with a plain value, never a Promise', () => {
    const sqlite = freshEngineDatabase(88)
    const store = sqliteStore(sqlite)
    const key = { scope: 17, key: 'k', version: 0, status: 'completed', responseStatus: 201 } as const
    const write = {
      id: null,
      accountId: 17,
      orderId: 'o',
      amountMinor: 100,
      currency: 'USD',
      idempotencyKey: 'k',
      state: 'succeeded',
      failureCode: null,
      chargeId: 'ch_1',
      nowMs: NOW,
    } as const
    // In this order: the payment completed here is the one the refund then reserves on.
    const calls: { [M in keyof EngineStore]: () => unknown } = {
      getKey: () => store.getKey(17, 'k'),
      claim: () => store.claim(claim('k')),
      takeOver: () => store.takeOver({ scope: 17, key: 'k', version: 0, nowMs: NOW, leaseUntilMs: NOW + 1 }),
      reopenPending: () => store.reopenPending({ scope: 17, key: 'k', version: 1, leaseUntilMs: NOW }),
      completePayment: () =>
        store.completePayment({
          payment: write,
          key: { ...key, version: 1, expiresAtMs: NOW, fence: 'lease-version' },
          responseBody: paymentBody,
        }),
      claimRefund: () => store.claimRefund(claim('r'), { paymentId: 88, accountId: 17, amountMinor: 10 }),
      completeRefund: () =>
        store.completeRefund({
          refund: { ...write, paymentId: 88, providerRefundId: 're_1', state: 'succeeded' },
          key: { ...key, key: 'r', version: 0, expiresAtMs: NOW, fence: 'lease-version' },
          responseBody: () => '{}',
        }),
      getPayment: () => store.getPayment(88),
      expiredLeases: () => store.expiredLeases(NOW),
      pendingKeys: () => store.pendingKeys(),
      reapableKeys: () => store.reapableKeys(NOW + 2000),
      reap: () => store.reap(store.reapableKeys(NOW + 2000), NOW + 2000),
      pendingByProviderKey: () => store.pendingByProviderKey('pk_k'),
      knowsProviderKey: () => store.knowsProviderKey('pk_k'),
    }
    const results: Record<string, unknown> = {}
    for (const [name, call] of Object.entries(calls)) {
      results[name] = call()
      expect(isPending(results[name] as Promise<unknown>), name).toBe(false)
    }
    // The steps really ran: the takeover won, the payment and the refund completed, the reaper purged both keys.
    expect(results.takeOver).toMatchObject({ lease_version: 1 })
    expect(results.completePayment).toMatchObject({ resourceId: 88 })
    expect(results.claimRefund).toMatchObject({ won: true })
    expect(results.completeRefund).toMatchObject({ resourceId: 1 })
    expect(results.reap).toBe(2)
    releaseEngineDatabase(sqlite)
  })

  it('a completion the fence holds back writes nothing: the payment insert is rolled back', () => {
    const sqlite = freshEngineDatabase(88)
    const store = sqliteStore(sqlite)
    const row = store.claim(claim('fenced')).row
    const count = () => (sqlite.prepare('SELECT COUNT(*) AS n FROM payments').get() as { n: number }).n
    const done = store.completePayment({
      payment: {
        id: null,
        accountId: 17,
        orderId: 'o',
        amountMinor: 100,
        currency: 'USD',
        idempotencyKey: row.key,
        state: 'succeeded',
        failureCode: null,
        chargeId: 'ch_1',
        nowMs: NOW,
      },
      key: {
        scope: 17,
        key: row.key,
        version: row.lease_version + 1,
        status: 'completed',
        responseStatus: 201,
        expiresAtMs: NOW,
        fence: 'lease-version',
      },
      responseBody: paymentBody,
    })
    expect(done).toBeUndefined()
    expect(count()).toBe(0)
    expect(sqlite.inTransaction).toBe(false)
    releaseEngineDatabase(sqlite)
  })
})
