import { describe, expect, it } from 'vitest'
import { CLIENT_ADDRESS_HEADER } from './client'
import { limits } from './limits'
import { isNavigation, limitPageRun, retryAfterText } from './page-limits'

function pageRequest(path: string, headers: Record<string, string> = {}) {
  const url = new URL(path, 'http://drill.test')
  return {
    method: 'GET',
    headers: new Headers({
      [CLIENT_ADDRESS_HEADER]: `198.51.100.${Math.floor(Math.random() * 250)}`,
      ...headers,
    }),
    nextUrl: { pathname: url.pathname, searchParams: url.searchParams },
  }
}

describe('limitPageRun', () => {
  it('lets a cached run through for free and counts only new runs, against the pages limit', async () => {
    const { table } = limits()
    const request = pageRequest('/sandbox?s=v1.new')
    const free = await Promise.all(
      Array.from({ length: table.pages.anonymous.burst + 5 }, () => limitPageRun(request, () => true)),
    )
    expect(free.every((refusal) => refusal === null)).toBe(true)
    for (let i = 0; i < table.pages.anonymous.burst; i++)
      expect(await limitPageRun(request, () => false)).toBeNull()
    const refused = await limitPageRun(request, () => false)
    expect(refused?.problem.status).toBe(429)
    expect(refused?.retryAfterS).toBeGreaterThan(0)
    // Other pages and methods never count.
    expect(await limitPageRun(pageRequest('/cards'), () => false)).toBeNull()
  })
})

describe('isNavigation / retryAfterText', () => {
  it('tells a browser page load from an API call', () => {
    expect(isNavigation({ headers: new Headers({ accept: 'text/html,application/xhtml+xml' }) })).toBe(true)
    expect(isNavigation({ headers: new Headers({ accept: 'application/json' }) })).toBe(false)
    expect(isNavigation({ headers: new Headers() })).toBe(false)
  })

  it('says when to try again in words', () => {
    expect(retryAfterText(1)).toBe('1 second')
    expect(retryAfterText(42)).toBe('42 seconds')
    expect(retryAfterText(300)).toBe('5 minutes')
  })
})
