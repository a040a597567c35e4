// The edge's pure pieces: who the caller is (socket vs trusted proxy), the limit
// table from env, the same-origin check, and per-learner-and-address limiting.
import { describe, expect, it } from 'vitest'
import { CLIENT_ADDRESS_HEADER, cookieValue, NEW_LEARNER_HEADER, requestLearner } from './client'
import { rateLimit, refuseCrossOrigin } from './edge'
import { clientIdentityHeaders, parseTrustedProxies } from './forwarding'
import { LimitSettingsError, parseRule, readLimits } from './limits'

const learner = '11111111-2222-4333-8444-555555555555'
const req = (headers: Record<string, string>) => ({ headers: new Headers(headers) })

describe('clientIdentityHeaders (DRILL_TRUST_PROXY)', () => {
  it('without a trusted proxy: the socket address, and forwarding headers are dropped', () => {
    const set = clientIdentityHeaders({ 'x-forwarded-for': '203.0.113.9' }, '::ffff:198.51.100.7', new Set())
    expect(set).toEqual({ [CLIENT_ADDRESS_HEADER]: '198.51.100.7' })
  })

  it('behind a trusted proxy: the right-most untrusted X-Forwarded-For hop; the proto when http(s)', () => {
    const trusted = parseTrustedProxies('127.0.0.1, 10.0.0.2')
    const set = clientIdentityHeaders(
      { 'x-forwarded-for': 'forged, 203.0.113.9, 10.0.0.2', 'x-forwarded-proto': 'https' },
      '127.0.0.1',
      trusted,
    )
    expect(set).toEqual({
      [CLIENT_ADDRESS_HEADER]: '203.0.113.9',
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
    })
  })

  it('a peer that is not the trusted proxy cannot use X-Forwarded-For', () => {
    const set = clientIdentityHeaders(
      { 'x-forwarded-for': '1.2.3.4' },
      '198.51.100.7',
      parseTrustedProxies('127.0.0.1'),
    )
    expect(set[CLIENT_ADDRESS_HEADER]).toBe('198.51.100.7')
  })
})

describe('requestLearner / cookieValue', () => {
  it('reads a well-formed learner cookie; malformed or freshly minted ones count as no learner', () => {
    expect(requestLearner(req({ cookie: `a=1; drill-learner=${learner}` }))).toBe(learner)
    expect(requestLearner(req({ cookie: 'drill-learner=not-a-uuid' }))).toBeNull()
    expect(requestLearner(req({ cookie: `drill-learner=${learner}`, [NEW_LEARNER_HEADER]: '1' }))).toBeNull()
    expect(cookieValue('drill-now=%E0%A4%A', 'drill-now')).toBeUndefined()
  })
})

describe('limits from env', () => {
  it('parses <burst>/<perMinute> and refuses anything else', () => {
    expect(parseRule('X', '60/120')).toEqual({ burst: 60, perMinute: 120 })
    expect(() => parseRule('X', '60')).toThrow(LimitSettingsError)
    expect(() => parseRule('X', '0/5')).toThrow(LimitSettingsError)
    const table = readLimits({ DRILL_LIMIT_PAYMENTS_ACCOUNT: '5/10', DRILL_LIMIT_SANDBOX_ADDRESS: '7/1' })
    expect(table.payments.subject).toEqual({ burst: 5, perMinute: 10 })
    expect(table.sandbox.address).toEqual({ burst: 7, perMinute: 1 })
    expect(table.grade.subject).toEqual({ burst: 120, perMinute: 120 })
  })
})

describe('refuseCrossOrigin', () => {
  it('lets same-origin and non-browser requests through; refuses other sites', async () => {
    expect(refuseCrossOrigin(req({ host: 'drill.example' }))).toBeNull()
    expect(refuseCrossOrigin(req({ host: 'drill.example', origin: 'https://drill.example' }))).toBeNull()
    expect(refuseCrossOrigin(req({ host: 'drill.example', 'sec-fetch-site': 'same-origin' }))).toBeNull()
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const refused = refuseCrossOrigin(req({ host: 'drill.example', ...headers }))
      expect(refused?.status).toBe(403)
      expect(((await refused?.json()) as { type: string } | undefined)?.type).toBe('/problems/cross-origin')
    }
  })
})

describe('rateLimit: per learner and per address', () => {
  it('cookieless requests share the address’s anonymous bucket; forged headers change nothing', async () => {
    const address = `192.0.2.${Math.floor(Math.random() * 250)}`
    const statuses: number[] = []
    for (let i = 0; i < 25; i++)
      statuses.push(
        (
          await rateLimit(
            'import',
            req({ [CLIENT_ADDRESS_HEADER]: address, 'x-forwarded-for': `10.0.0.${i}` }),
            { nowMs: 0 },
          )
        )?.status ?? 200,
      )
    // The anonymous import bucket holds 3.
    expect(statuses.filter((s) => s === 200)).toHaveLength(3)
    const limited = await rateLimit('import', req({ [CLIENT_ADDRESS_HEADER]: address }), { nowMs: 0 })
    expect(limited?.status).toBe(429)
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    // A learner at the same address still has its own bucket.
    expect(
      await rateLimit(
        'import',
        req({ [CLIENT_ADDRESS_HEADER]: address, cookie: `drill-learner=${learner}` }),
        { nowMs: 0 },
      ),
    ).toBeNull()
  })
})
