import { describe, expect, it } from 'vitest'
import { DAY_MS, defaultLiveSettings, LiveSettingsError, readLiveSettings } from './settings'

describe('readLiveSettings', () => {
  it('uses the documented defaults', () => {
    expect(readLiveSettings({})).toEqual(defaultLiveSettings)
    expect(defaultLiveSettings).toMatchObject({
      leaseMs: 30_000,
      keyTtlMs: DAY_MS,
      recoveryConcurrency: 32,
      providerSlowMs: 2000,
    })
  })

  it('reads DRILL_RECOVERY_CONCURRENCY and DRILL_PROVIDER_SLOW_MS, refusing non-positive values', () => {
    expect(
      readLiveSettings({ DRILL_RECOVERY_CONCURRENCY: '100', DRILL_PROVIDER_SLOW_MS: '1500' }),
    ).toMatchObject({ recoveryConcurrency: 100, providerSlowMs: 1500 })
    for (const bad of ['0', '-1', '2.5', 'many'])
      expect(() => readLiveSettings({ DRILL_RECOVERY_CONCURRENCY: bad })).toThrow(
        /DRILL_RECOVERY_CONCURRENCY must be a positive whole number of keys/,
      )
  })

  it('reads DRILL_LEASE_MS, DRILL_SWEEP_MS and DRILL_PROVIDER_DB', () => {
    expect(
      readLiveSettings({ DRILL_LEASE_MS: '5000', DRILL_SWEEP_MS: '1000', DRILL_PROVIDER_DB: '/tmp/p.db' }),
    ).toMatchObject({ leaseMs: 5000, sweepMs: 1000, providerDbPath: '/tmp/p.db' })
  })

  it('refuses a key TTL under 24 h unless DRILL_ALLOW_SHORT_TTL=1', () => {
    expect(() => readLiveSettings({ DRILL_KEY_TTL_MS: '60000' })).toThrow(LiveSettingsError)
    expect(readLiveSettings({ DRILL_KEY_TTL_MS: '60000', DRILL_ALLOW_SHORT_TTL: '1' }).keyTtlMs).toBe(60_000)
    expect(readLiveSettings({ DRILL_KEY_TTL_MS: String(2 * DAY_MS) }).keyTtlMs).toBe(2 * DAY_MS)
  })

  it('refuses values that are not positive whole milliseconds', () => {
    for (const bad of ['0', '-5', '1.5', 'soon']) {
      expect(() => readLiveSettings({ DRILL_LEASE_MS: bad })).toThrow(/DRILL_LEASE_MS/)
    }
  })

  it('reads both PostgreSQL URLs, and refuses one without the other in one line', () => {
    const url = 'postgres://drill@db.internal:5432/drill'
    const providerUrl = 'postgres://drill@db.internal:5432/provider'
    expect(
      readLiveSettings({ DRILL_DATABASE_URL: url, DRILL_PROVIDER_DATABASE_URL: providerUrl }).postgres,
    ).toEqual({ url, providerUrl })
    expect(readLiveSettings({ DRILL_DATABASE_URL: ' ' }).postgres).toBeNull()
    expect(() => readLiveSettings({ DRILL_DATABASE_URL: url })).toThrow(
      'DRILL_DATABASE_URL is set but DRILL_PROVIDER_DATABASE_URL is not',
    )
    expect(() => readLiveSettings({ DRILL_PROVIDER_DATABASE_URL: providerUrl })).toThrow(
      'DRILL_PROVIDER_DATABASE_URL is set but DRILL_DATABASE_URL is not',
    )
  })
})
