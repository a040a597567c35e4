// The lease protocol in a real browser and over real HTTP, against the production build:
// the sandbox draws lease-gc-pause (lock service, clients and storage as lanes; the stale
// write accepted in red with fencing ignored, refused once the switch is off), the pause
// length changes the outcome, chaos finds and shrinks an L1, a lease drill is answered,
// and the sandbox API takes lease scenarios (and names the field of a bad one).
// The simulator keeps its own in-memory state: nothing is stored, so it runs once (on the postgres
// project's server: DB_FREE_SPECS_ON_POSTGRES_SERVER).
import fs from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, APIResponse } from '@playwright/test'
import { expect, test } from './fixtures'

test.use({ viewport: { width: 1280, height: 900 } })

const gcPause = JSON.parse(fs.readFileSync(path.join('content', 'scenarios', 'lease-gc-pause.json'), 'utf8'))
const diagram = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'Timeline of lease-gc-pause: diagram' })

test('lease-gc-pause: the stale write is accepted with fencing ignored, refused with it; the link replays it', async ({
  page,
  browser,
}) => {
  await page.goto('/sandbox?scenario=lease-gc-pause')
  const svg = diagram(page).locator('svg')
  for (const lane of ['Lock service (report)', 'Client 1', 'Client 2', 'Storage'])
    await expect(svg.getByText(lane, { exact: true })).toBeVisible()
  await expect(svg.getByText('grant: token 33')).toBeVisible()
  await expect(svg.getByText('lease 33', { exact: true })).toBeVisible()
  await expect(svg.getByText('STALE 33 accepted')).toBeVisible()
  await expect(page.getByTestId('write-count')).toHaveText('2')
  const l1 = page.getByTestId('violations').getByRole('listitem')
  await expect(l1).toHaveCount(1)
  await expect(l1).toContainText('L1 — fenced writes')

  const fencing = page.getByRole('switch', { name: 'Ignore fencing tokens', exact: true })
  await expect(fencing).toBeChecked()
  await fencing.click()
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByTestId('write-count')).toHaveText('1')
  await expect(page.getByTestId('violations').getByRole('listitem')).toHaveCount(0)
  await expect(diagram(page).locator('svg').getByText('refused 33 < 34')).toBeVisible()
  await expect(page.getByTestId('lease-state')).toContainText('checks tokens')
  await expect(page).toHaveURL(/\/sandbox\?s=v1\.[A-Za-z0-9_-]+$/)

  const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const other = await fresh.newPage()
  await other.goto(page.url())
  await expect(other.getByTestId('write-count')).toHaveText('1')
  await expect(other.getByRole('switch', { name: 'Ignore fencing tokens', exact: true })).not.toBeChecked()
  await fresh.close()
})

test('a pause shorter than the lease leaves no stale write; chaos finds an L1 with fencing ignored', async ({
  page,
}) => {
  await page.goto('/sandbox?scenario=lease-gc-pause')
  const pause = page.getByRole('listitem', { name: 'Fault 1: Pause' }).getByLabel('Pause length (ms)')
  await expect(pause).toHaveValue('15000')
  await pause.fill('2000')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByTestId('violations').getByRole('listitem')).toHaveCount(0)
  await expect(page.getByText('2 writes accepted, no invariant broken').first()).toBeVisible()

  const chaos = page.getByRole('region', { name: 'Chaos' })
  // The panel wakes when seen (a synchronous scroll in the page, as sandbox.spec.ts does).
  await chaos.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await expect(chaos.getByLabel('Schedules')).toBeEnabled()
  await chaos.getByLabel('Schedules').fill('1000')
  await chaos.getByRole('button', { name: 'Start chaos' }).click()
  await expect(chaos).toContainText(/broke L1 \(fenced writes\)/, { timeout: 60_000 })
  await chaos.getByRole('button', { name: 'Load the minimal schedule' }).click()
  await expect(page.getByRole('heading', { name: /Builder: Chaos challenge \(seed \d+\)/ })).toBeVisible()
  await expect(page.getByTestId('violations')).toContainText('L1')
})

test('the lease drill: what happens to client 2’s late request for the lock, answered right', async ({
  page,
}) => {
  await page.goto('/cards')
  await expect(
    page.getByRole('region', { name: 'Timeline drills' }).getByRole('link', { name: /paused lock holder/i }),
  ).toHaveAttribute('href', '/drills/lease-gc-pause')
  await page.goto('/drills/lease-gc-pause')
  const group = page.getByRole('radiogroup', { name: /What happens to client-2's request for the lock/ })
  await expect(group).toBeVisible()
  await expect(group.getByRole('radio')).toHaveCount(2)
  await group.getByRole('radio', { name: /grants the lock, with a new, larger token/ }).check()
  await page.getByRole('button', { name: 'Check' }).click()
  const status = page.getByRole('status').filter({ hasText: /Correct|Not quite/ })
  await expect(status).toHaveText(/^Correct/)
})

async function problem(response: APIResponse, status: number) {
  expect(response.status()).toBe(status)
  expect(response.headers()['content-type']).toContain('application/problem+json')
  return (await response.json()) as { detail: string; problems?: string[] }
}

const run = (request: APIRequestContext, scenario: unknown) =>
  request.post('/api/sandbox/run', { data: { scenario }, headers: { cookie: '' } })

test('the sandbox API takes lease scenarios and names the field of a bad one', async ({ request }) => {
  const ok = await run(request, gcPause)
  expect(ok.status()).toBe(200)
  const body = await ok.json()
  expect(body.trace.protocol).toBe('lease')
  expect(body.violations).toMatchObject([{ id: 'L1', name: 'fenced writes' }])
  expect(body.share).toMatch(/^v1\./)

  const fenced = await run(request, { ...gcPause, config: { ...gcPause.config, flaws: [] } })
  expect((await fenced.json()).violations).toEqual([])

  const mixed = await problem(await run(request, { ...gcPause, requests: [{ id: 'A', atMs: 0 }] }), 400)
  expect(mixed.detail).toMatch(/requests/)
  expect((await problem(await run(request, { ...gcPause, protocol: 'raft' }), 400)).detail).toMatch(
    /protocol: unknown protocol "raft"/,
  )
  expect(
    (await problem(await run(request, { ...gcPause, config: { flaws: ['charge-before-insert'] } }), 400))
      .detail,
  ).toMatch(/config\.flaws\.0/)
  const badFault = { ...gcPause, faults: [{ kind: 'drop-response', client: 'client-1' }] }
  expect((await problem(await run(request, badFault), 400)).detail).toMatch(/faults\.0\.kind/)
  const tooLong = { ...gcPause, faults: [{ kind: 'pause', client: 'client-1', atMs: 0, forMs: 10 ** 10 }] }
  expect((await problem(await run(request, tooLong), 400)).detail).toMatch(/faults\.0\.forMs/)

  const compare = await request.post('/api/sandbox/compare', {
    data: { scenario: gcPause, other: { ...gcPause, config: { ...gcPause.config, flaws: [] } } },
  })
  expect((await compare.json()).summary).toBe('2 writes accepted vs 1')
  const mixedCompare = await request.post('/api/sandbox/compare', {
    data: { scenario: gcPause, other: { id: 'p', title: 'P', requests: [{ id: 'A', atMs: 0 }] } },
  })
  expect((await problem(mixedCompare, 400)).detail).toMatch(/other\.protocol/)

  const chaos = await request.post('/api/sandbox/chaos', {
    data: { seed: 1, from: 0, count: 50, protocol: 'lease', config: { flaws: [] } },
  })
  expect(await chaos.json()).toEqual({ ran: 50, failure: null })
  const badChaos = await request.post('/api/sandbox/chaos', {
    data: { seed: 1, from: 0, count: 5, protocol: 'lease', config: { flaws: ['no-lease'] } },
  })
  expect((await problem(badChaos, 400)).detail).toMatch(/config\.flaws\.0/)

  const mermaid = await request.get('/api/sandbox/export?format=mermaid&scenario=lease-gc-pause')
  expect(mermaid.status()).toBe(200)
  const text = await mermaid.text()
  expect(text).toContain('participant lock as Lock service (report) (lock)')
  expect(text).toContain('the storage accepted 2 writes')
  const json = await request.get('/api/sandbox/export?format=json&scenario=lease-holder-crash')
  expect((await json.json()).violations.map((v: { id: string }) => v.id)).toEqual(['L2'])
})
