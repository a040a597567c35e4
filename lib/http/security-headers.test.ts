import { describe, expect, test } from 'vitest'
import {
  API_CSP,
  isPagePath,
  newNonce,
  pageCsp,
  pageSecurity,
  STATIC_SECURITY_HEADERS,
} from './security-headers'

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `))

describe('page CSP', () => {
  test('scripts run only with the nonce: no unsafe-inline, no unsafe-eval in production', () => {
    const scriptSrc = directive(pageCsp('abc', { dev: false, https: false }), 'script-src')
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic' 'wasm-unsafe-eval'")
  })

  test('development adds unsafe-eval (React error overlay) but never unsafe-inline', () => {
    const scriptSrc = directive(pageCsp('abc', { dev: true, https: false }), 'script-src') ?? ''
    expect(scriptSrc).toContain("'unsafe-eval'")
    expect(scriptSrc).not.toContain("'unsafe-inline'")
  })

  test('forbids framing, allows recordings from blob:, upgrades requests only over https', () => {
    const http = pageCsp('n', { dev: false, https: false })
    expect(directive(http, 'frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(directive(http, 'media-src')).toBe("media-src 'self' blob:")
    expect(http).not.toContain('upgrade-insecure-requests')
    expect(pageCsp('n', { dev: false, https: true })).toContain('upgrade-insecure-requests')
  })

  test('each page gets a fresh nonce in the form Next extracts', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => newNonce()))
    expect(nonces.size).toBe(50)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    const { nonce, csp } = pageSecurity({ dev: false, https: false })
    expect(csp).toContain(`'nonce-${nonce}'`)
  })
})

test('static headers: nosniff, DENY, referrer policy, microphone for the app itself only', () => {
  const headers = Object.fromEntries(STATIC_SECURITY_HEADERS.map((h) => [h.key, h.value]))
  expect(headers['X-Content-Type-Options']).toBe('nosniff')
  expect(headers['X-Frame-Options']).toBe('DENY')
  expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['Permissions-Policy']).toContain('microphone=(self)')
  expect(API_CSP).toContain("default-src 'none'")
})

test('the proxy adds the page CSP to pages, not to API routes or assets', () => {
  expect(isPagePath('/')).toBe(true)
  expect(isPagePath('/cards/idempotency-keys')).toBe(true)
  expect(isPagePath('/api/sandbox/run')).toBe(false)
  expect(isPagePath('/_next/static/chunks/a.js')).toBe(false)
})
