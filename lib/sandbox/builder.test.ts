import { describe, expect, it } from 'vitest'
import { type Scenario, scenarioById } from '@/lib/engine'
import {
  addRetry,
  configLabel,
  flawsOf,
  removeRequest,
  waitPolicyOn,
  withFlaw,
  withOrderFlipped,
  withWaitPolicy,
} from './builder'

const storeAfterCharge = () => scenarioById('store-after-charge') as Scenario
const lostResponse = () => scenarioById('lost-response') as Scenario

describe('builder edits', () => {
  it('switches a flaw on and off, keeping one order so equal configs share a URL', () => {
    const base = lostResponse()
    const a = withFlaw(withFlaw(base, 'no-lease', true), 'charge-before-insert', true)
    const b = withFlaw(withFlaw(base, 'charge-before-insert', true), 'no-lease', true)
    expect(flawsOf(a)).toEqual(['charge-before-insert', 'no-lease'])
    expect(flawsOf(b)).toEqual(flawsOf(a))
    expect(flawsOf(withFlaw(a, 'charge-before-insert', false))).toEqual(['no-lease'])
    expect(flawsOf(base)).toEqual([])
  })

  it('flips the insert/charge order for Compare, both ways', () => {
    expect(flawsOf(withOrderFlipped(storeAfterCharge()))).not.toContain('charge-before-insert')
    expect(flawsOf(withOrderFlipped(lostResponse()))).toContain('charge-before-insert')
    expect(configLabel(lostResponse())).toBe('correct engine')
    expect(configLabel(storeAfterCharge())).toBe('charge before insert')
  })

  it('toggles the in-flight policy between 409 and wait', () => {
    const waiting = withWaitPolicy(lostResponse(), true)
    expect(waitPolicyOn(waiting)).toBe(true)
    expect(waiting.config.inFlightPolicy).toMatchObject({ kind: 'wait', maxWaitMs: 1000 })
    expect(withWaitPolicy(waiting, false).config.inFlightPolicy).toMatchObject({ kind: 'reject-409' })
  })

  it('adds a retry of the last request with the same key and body', () => {
    const base = lostResponse()
    const first = base.requests[0]!
    const withRetry = addRetry({ ...base, requests: [first] })
    const retry = withRetry.requests[1]!
    expect(retry.retryOf).toBe(first.id)
    expect(retry.key).toBe(first.key)
    expect(retry.body).toEqual(first.body)
    expect(retry.atMs).toBeGreaterThan(first.atMs)
  })

  it('removing a request drops its faults and the retries that pointed at it', () => {
    const base = storeAfterCharge()
    const first = base.requests[0]!
    const scenario: Scenario = {
      ...base,
      faults: [...base.faults, { kind: 'drop-response', requestId: first.id }],
    }
    const removed = removeRequest(scenario, 0)
    expect(removed.requests.map((r) => r.id)).not.toContain(first.id)
    expect(removed.requests.every((r) => r.retryOf !== first.id)).toBe(true)
    expect(removed.faults.some((f) => 'requestId' in f && f.requestId === first.id)).toBe(false)
    expect(removeRequest({ ...scenario, requests: [first] }, 0).requests).toHaveLength(1)
  })
})
