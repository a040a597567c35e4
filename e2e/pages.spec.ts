// Pages at the framework's floor (issue 28), over real HTTP against a production server
// of its own (scripts/server.ts on a free port, test flag on, tiny anonymous limits):
// - a run is kept in memory: the default /sandbox run and the presets were built before
//   the server listened and cost no simulator run when served; a new shared link costs one
//   run however often it is served (the run counter in /api/health's test details);
// - limited is a page: a cookieless navigation refused by the page-view limit gets the
//   site's page with status 429, Retry-After, the page CSP and a sentence saying when to
//   try again; an API call refused by its own limit gets problem+json; page views never
//   spend the API's budget, nor runs already in memory any budget.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { deflateRawSync } from 'node:zlib'
import { expectProblem } from './api-client'
import { expect, test } from './fixtures'
import { type NextServer, startNextServer } from './next-server'
import { withProjectDatabases } from './project-databases'

const scenarioFile = JSON.parse(
  fs.readFileSync(path.join('content', 'scenarios', 'lost-response.json'), 'utf8'),
)
/** A scenario no one has run yet: the preset with its own seed. */
const freshScenario = (seed: number) => ({ ...scenarioFile, seed })
/** Its `/sandbox?s=` state, encoded as the sandbox encodes it (v1. + raw deflate, base64url). */
const shareState = (scenario: object) =>
  `v1.${deflateRawSync(Buffer.from(JSON.stringify(scenario)), { level: 9 }).toString('base64url')}`

interface RunCounts {
  runs: number
  hits: number
  canonical: number
}

let server: NextServer
let dir: string
const url = (p: string) => `${server.baseUrl}${p}`

test.beforeAll(async () => {
  test.setTimeout(120_000)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-pages-'))
  server = await startNextServer({
    env: await withProjectDatabases({
      DRILL_DB: path.join(dir, 'drill.db'),
      DRILL_PROVIDER_DB: path.join(dir, 'provider.db'),
      DRILL_TEST_CLOCK: '1',
      DRILL_LIMIT_PAGES_ANONYMOUS: '2/1',
      DRILL_LIMIT_SANDBOX_ANONYMOUS: '2/1',
    }),
    timeoutMs: 110_000,
  })
})

test.afterAll(async () => {
  await server?.kill('SIGKILL')
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

test('the default sandbox run is built before the server listens; a new run served twice costs one run', async ({
  request,
}) => {
  const counts = async (): Promise<RunCounts> =>
    (await (await request.get(url('/api/health'))).json()).details.sandboxRuns
  const cookie = `drill-learner=${randomUUID()}`
  const atStart = await counts()
  // Every canonical scenario (each file in content/scenarios, payments and lease) ran once before the
  // server answered anything.
  const scenarioFiles = fs.readdirSync(path.join('content', 'scenarios')).filter((f) => f.endsWith('.json'))
  expect(scenarioFiles.length).toBeGreaterThanOrEqual(15)
  expect(atStart.canonical).toBe(scenarioFiles.length)
  expect(atStart.runs).toBe(scenarioFiles.length)

  for (let i = 0; i < 2; i++) {
    const page = await request.get(url('/sandbox'), { headers: { cookie, accept: 'text/html' } })
    expect(page.status()).toBe(200)
    await expect(page.text()).resolves.toContain('data-testid="charge-count"')
  }
  const afterDefault = await counts()
  expect(afterDefault.runs).toBe(atStart.runs)
  expect(afterDefault.hits).toBe(atStart.hits + 2)

  const shared = url(`/sandbox?s=${shareState(freshScenario(4242))}`)
  for (let i = 0; i < 2; i++)
    expect((await request.get(shared, { headers: { cookie, accept: 'text/html' } })).status()).toBe(200)
  const afterShared = await counts()
  expect(afterShared.runs).toBe(atStart.runs + 1)
  expect(afterShared.hits).toBe(afterDefault.hits + 1)
})

test('a cookieless navigation refused by the page-view limit gets a 429 page; the API keeps problem+json', async ({
  request,
  browser,
}) => {
  const navigation = { accept: 'text/html,application/xhtml+xml', cookie: '' }
  // The anonymous page-view budget (2 new runs) is spent by two new shared links.
  for (const seed of [1, 2])
    expect(
      (
        await request.get(url(`/sandbox?s=${shareState(freshScenario(seed))}`), { headers: navigation })
      ).status(),
    ).toBe(200)

  const refusedUrl = url(`/sandbox?s=${shareState(freshScenario(3))}`)
  const refused = await request.get(refusedUrl, { headers: navigation })
  expect(refused.status()).toBe(429)
  const headers = refused.headers()
  expect(headers['content-type']).toContain('text/html')
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/)
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['x-drill-status']).toBeUndefined()
  const retryAfterS = Number(headers['retry-after'])
  expect(retryAfterS).toBeGreaterThanOrEqual(1)
  const html = await refused.text()
  expect(html).toContain(`Try again in ${retryAfterS} second`)
  expect(html).toContain('Skip to content') // the site's layout
  expect(html).not.toContain('data-testid="charge-count"') // nothing ran

  // In a browser: the page renders in the layout under its CSP (the fixture fails on a violation).
  const context = await browser.newContext()
  const page = await context.newPage()
  const response = await page.goto(refusedUrl)
  expect(response?.status()).toBe(429)
  await expect(page.getByRole('heading', { name: 'Too many new simulator runs' })).toBeVisible()
  await expect(page.getByTestId('retry-after')).toContainText(/Try again in \d+ seconds?\./)
  await expect(page.getByRole('navigation').first()).toBeVisible()
  // The presets are in memory: free even now.
  await page.getByRole('link', { name: 'Open the sandbox presets' }).click()
  await expect(page.getByTestId('charge-count')).toBeVisible()
  await context.close()
  expect((await request.get(url('/sandbox?scenario=expiry'), { headers: navigation })).status()).toBe(200)

  // Not a navigation: the same refusal as problem+json.
  const asJson = await request.get(refusedUrl, { headers: { accept: 'application/json', cookie: '' } })
  expect((await expectProblem(asJson, 429)).type).toBe('/problems/rate-limited')

  // Page views spent nothing of the API's budget: two new runs go through, the third is refused.
  const run = (seed: number) =>
    request.post(url('/api/sandbox/run'), {
      headers: { 'content-type': 'application/json', cookie: '' },
      data: { scenario: freshScenario(seed) },
    })
  expect((await run(11)).status()).toBe(200)
  expect((await run(12)).status()).toBe(200)
  const limited = await run(13)
  expect((await expectProblem(limited, 429)).type).toBe('/problems/rate-limited')
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThanOrEqual(1)
  // A run already in memory costs nothing, even now.
  expect((await run(11)).status()).toBe(200)
})
