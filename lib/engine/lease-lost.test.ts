// Goal (issue 45, multi-instance part 2's [409, 409]): the request that won a key's claim answers
// with the key's outcome even when, under load, its lease ran out mid-charge and another server's
// sweep took the key over. The taker re-drives under the same provider key (one charge); the owner
// waits (leaseLostWaitMs, the live engine's setting) for the stored answer instead of answering 409
// for its own claim — which left the duplicate's 409 as the key's only answers.
import { describe, expect, it } from 'vitest'
import { createEngine } from './engine'
import { SimulatedProvider } from './provider-sim'
import { freshEngineDatabase } from './sim/template-db'
import { BODY, KEY, ManualClock } from './test/harness'
import type { EngineConfig } from './types'

const PROVIDER_MS = 400
const LEASE_MS = 300

function ownerLosesItsLease(config: Partial<EngineConfig>) {
  const sqlite = freshEngineDatabase(1)
  const clock = new ManualClock()
  const provider = new SimulatedProvider({ database: ':memory:', clock, timing: { latencyMs: PROVIDER_MS } })
  const server = (recoveryConcurrency?: number) =>
    createEngine({ sqlite, clock, provider, config: { leaseMs: LEASE_MS, ...config }, recoveryConcurrency })
  return { clock, provider, owner: server(), sweeper: server(4) }
}

async function run(config: Partial<EngineConfig>) {
  const { clock, provider, owner, sweeper } = ownerLosesItsLease(config)
  const answer = owner.createPayment({ accountId: 17, key: KEY, body: BODY })
  // The owner's charge outlasts its lease: the other server's sweep takes the key over and re-drives it.
  await clock.advance(LEASE_MS + 10)
  const sweep = sweeper.recoverLeases()
  await clock.advance(2_000)
  await sweep
  const response = await answer
  const duplicate = await owner.createPayment({ accountId: 17, key: KEY, body: BODY })
  return { response, duplicate, charges: provider.chargeCount() }
}

describe('an attempt that lost its lease mid-charge', () => {
  it('with leaseLostWaitMs (live): answers the key’s stored 201, one charge', async () => {
    const { response, duplicate, charges } = await run({ leaseLostWaitMs: 1_000 })
    expect(response).toMatchObject({ status: 201, replayed: true })
    expect(duplicate).toMatchObject({ status: 201, replayed: true })
    expect(response.body).toBe(duplicate.body)
    expect(charges).toBe(1)
  })

  it('without it (the simulator’s scenarios, golden): answers from the row at once, 409', async () => {
    const { response, charges } = await run({})
    expect(response).toMatchObject({ status: 409 })
    expect(charges).toBe(1)
  })
})
