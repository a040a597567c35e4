// Goal: the simulated provider dedupes on our key whatever its books are in — SQLite (its own
// file, one connection per provider instance) or PostgreSQL (db/provider-ledger-pg.ts, one
// pool per instance, on a real server started here: no PostgreSQL fails this file). Many
// instances charging one key at once take the money once and all answer that one charge.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateProviderPostgres } from '@/db/migrate-pg'
import { pgProviderLedger } from '@/db/provider-ledger-pg'
import { type ChargeRequest, SimulatedProvider, systemClock } from '@/lib/engine'
import { type PgCluster, startCluster } from '@/tests/pg/engine-store-cluster'

const INSTANCES = 20

interface Books {
  providers: SimulatedProvider[]
  close(): Promise<void>
}

interface Backend {
  name: string
  open(instances: number, decline: (r: ChargeRequest) => boolean): Promise<Books>
}

const behaviour = (decline: (r: ChargeRequest) => boolean) => (r: ChargeRequest) =>
  decline(r) ? ({ kind: 'decline' } as const) : ({ kind: 'ok' } as const)

const sqliteBackend: Backend = {
  name: 'SQLite',
  async open(instances, decline) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-ledger-'))
    const file = path.join(dir, 'provider.db')
    const providers = Array.from(
      { length: instances },
      () => new SimulatedProvider({ database: file, clock: systemClock, behaviour: behaviour(decline) }),
    )
    return {
      providers,
      async close() {
        for (const p of providers) p.close()
        fs.rmSync(dir, { recursive: true, force: true })
      },
    }
  },
}

let cluster: PgCluster | undefined
let databases = 0
const pgBackend: Backend = {
  name: 'PostgreSQL',
  async open(instances, decline) {
    cluster ??= await startCluster()
    const url = await cluster.createDatabase(`provider_ledger_${++databases}`)
    // Every instance migrates the provider's database at once, as servers booting together do.
    await Promise.all(Array.from({ length: instances }, () => migrateProviderPostgres(url)))
    const pools = Array.from({ length: instances }, () => new pg.Pool({ connectionString: url, max: 1 }))
    const providers = pools.map(
      (p) =>
        new SimulatedProvider({
          ledger: pgProviderLedger(p),
          clock: systemClock,
          behaviour: behaviour(decline),
        }),
    )
    return {
      providers,
      close: async () => {
        await Promise.all(pools.map((p) => p.end()))
      },
    }
  },
}

afterAll(() => cluster?.stop())

const charge = (providerKey: string | null, token = 'tok_ok'): ChargeRequest => ({
  providerKey,
  accountId: 17,
  amountMinor: 2500,
  currency: 'USD',
  paymentMethodToken: token,
  requestId: 'r',
})

describe.each([sqliteBackend, pgBackend])("the provider's books on $name", (backend) => {
  let books: Books
  beforeAll(async () => {
    books = await backend.open(INSTANCES, (r) => r.paymentMethodToken === 'tok_decline')
  }, 120_000)
  afterAll(() => books?.close())

  it(`${INSTANCES} instances charging one key at once: one charge, every answer names it`, async () => {
    const outcomes = await Promise.all(books.providers.map((p) => p.charge(charge('pk_race'))))
    const fresh = outcomes.filter((o) => o.kind === 'accepted' && !o.deduped)
    expect(fresh).toHaveLength(1)
    const chargeId = fresh[0]!.kind === 'accepted' ? fresh[0]!.chargeId : ''
    for (const o of outcomes) expect(o).toMatchObject({ kind: 'accepted', chargeId })
    const ledger = await books.providers[0]!.readLedger(17)
    expect(ledger.filter((e) => e.providerKey === 'pk_race')).toHaveLength(1)
    expect(await books.providers[1]!.lookup('pk_race')).toEqual({ kind: 'succeeded', chargeId })
  })

  it('a decline is recorded once and repeated to every instance; an unknown key is not found', async () => {
    const outcomes = await Promise.all(
      books.providers.map((p) => p.charge(charge('pk_declined', 'tok_decline'))),
    )
    expect(outcomes.filter((o) => o.kind === 'declined' && !o.deduped)).toHaveLength(1)
    expect(outcomes.every((o) => o.kind === 'declined')).toBe(true)
    expect(await books.providers[2]!.lookup('pk_declined')).toMatchObject({ kind: 'declined' })
    expect(await books.providers[2]!.lookup('pk_never')).toEqual({ kind: 'not-found' })
  })

  it('a refund under one key moves money once; a charge without a key is never deduped', async () => {
    const refunds = await Promise.all(
      books.providers.slice(0, 5).map((p) =>
        p.refund({
          providerKey: 'pk_refund',
          chargeId: 'ch_x',
          accountId: 17,
          amountMinor: 100,
          currency: 'USD',
          requestId: 'r',
        }),
      ),
    )
    expect(refunds.filter((r) => r.kind === 'refunded' && !r.deduped)).toHaveLength(1)
    const before = await books.providers[0]!.readChargeCount()
    await Promise.all(books.providers.slice(0, 3).map((p) => p.charge(charge(null))))
    expect(await books.providers[0]!.readChargeCount()).toBe(before + 3)
    const ids = (await books.providers[0]!.readLedger()).map((e) => e.id)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
