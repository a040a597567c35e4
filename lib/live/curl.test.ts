import { describe, expect, it } from 'vitest'
import { curlSteps } from './curl'

const steps = curlSteps({ baseUrl: 'http://localhost:3000', apiKey: 'sk_test_abc', keyPrefix: 'live-1a2b' })

describe('curlSteps', () => {
  it('names the five story steps and a decline, each with the learner’s key', () => {
    expect(steps.map((s) => s.id)).toEqual([
      'create',
      'lose-and-retry',
      'changed-body',
      'slow-race',
      'timeout',
      'decline',
    ])
    for (const step of steps) {
      expect(step.command).toContain("-H 'Authorization: Bearer sk_test_abc'")
      expect(step.command).toContain('http://localhost:3000/api/payments')
    }
  })

  it('reuses the create key with a different amount for the changed-body step', () => {
    const key = (s: string) => /Idempotency-Key: ([^']+)/.exec(s)?.[1]
    const create = steps.find((s) => s.id === 'create')!
    const changed = steps.find((s) => s.id === 'changed-body')!
    expect(key(changed.command)).toBe(key(create.command))
    expect(changed.command).toContain('"amount":2600')
    expect(create.command).toContain('"amount":2500')
  })

  it('sends bodies the API accepts: valid JSON inside single quotes', () => {
    for (const step of steps) {
      for (const match of step.command.matchAll(/-d '([^']*)'/g)) {
        const body = JSON.parse(match[1]!)
        expect(Object.keys(body).sort()).toEqual(['amount', 'currency', 'orderId', 'paymentMethodToken'])
      }
    }
  })
})
