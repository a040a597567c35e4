// /check, the viewer for `npm run check:server --json` reports, against the production build.
// The report is a real one: set-up runs the checker against the Node reference server with the
// charge-before-insert flaw (~10 s; four checks fail). The page stores nothing, so sqlite only.
// Asserted: one list item per check with its verdict and a drawn timeline per failure; axe;
// a report's hostile strings shown as text; each kind of non-report gets its one sentence; no
// request carries the file; the sandbox's Live tab links here.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from './fixtures'

interface ReportCheck {
  id: string
  verdict: 'pass' | 'fail' | 'skipped'
  violation: string | null
  invariant: string | null
  invariantName: string | null
  reason: string
  timeline: Array<{ atMs: number; from: string; to: string; kind: string; status?: number; what: string }>
}
interface Report {
  version: number
  target: string
  seed: number
  checks: ReportCheck[]
}

let dir: string
let reportText: string
let report: Report

test.beforeAll(async () => {
  test.setTimeout(120_000)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-check-e2e-'))
  const json = path.join(dir, 'report.json')
  const start = `FLAW=charge-before-insert STATE_FILE=${dir}/state.json node tests/check-server/servers/node-server.mjs`
  const child = spawn(
    'npx',
    ['tsx', 'scripts/check-server.ts', '--start', start, '--seed', '7', '--json', json],
    {
      env: { ...process.env, DRILL_CHECK_SETTLE_MS: '8000' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  // 1: a check failed, as the flaw should make it.
  expect(code, stderr).toBe(1)
  reportText = fs.readFileSync(json, 'utf8')
  report = JSON.parse(reportText)
})

test.afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

const input = (page: Page) => page.getByLabel('Open a report')
const status = (page: Page) => page.getByTestId('report-status')
const item = (page: Page, id: string) => page.locator(`[data-testid="check-result"][data-check="${id}"]`)

/** Every request the page makes from now on. */
function watchRequests(page: Page): Array<{ method: string; url: string; body: string | null }> {
  const seen: Array<{ method: string; url: string; body: string | null }> = []
  page.on('request', (r) => seen.push({ method: r.method(), url: r.url(), body: r.postData() }))
  return seen
}

async function open(page: Page, name: string, text: string | Buffer): Promise<void> {
  await input(page).setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) })
}

test('a real report: one item per check with its verdict, each failure’s timeline drawn; axe clean; nothing sent', async ({
  page,
}) => {
  await page.goto('/check')
  await expect(page.getByRole('heading', { name: 'Check your own server', level: 1 })).toBeVisible()
  await expect(input(page)).toBeEnabled()
  const requests = watchRequests(page)

  await open(page, 'report.json', reportText)
  await expect(page.getByRole('heading', { name: `Report for ${report.target}` })).toBeVisible()
  await expect(page.getByTestId('check-result')).toHaveCount(report.checks.length)
  const failed = report.checks.filter((c) => c.verdict === 'fail')
  expect(failed.map((c) => c.id)).toContain('crash-after-charge')
  for (const check of report.checks) {
    const li = item(page, check.id)
    await expect(li).toHaveAttribute('data-verdict', check.verdict)
    await expect(li.getByRole('heading')).toContainText(check.verdict)
    await expect(li).toContainText(check.reason)
    await expect(li.getByTestId('check-timeline')).toHaveCount(check.verdict === 'fail' ? 1 : 0)
    // A failure names the engine's invariant beside its violation, as the sandbox names it.
    await expect(li.getByTestId('check-invariant')).toHaveCount(check.verdict === 'fail' ? 1 : 0)
  }
  expect(report.version).toBe(1)
  // charge-before-insert charges twice for concurrent duplicates: I1 single effect.
  expect(report.checks.find((c) => c.id === 'concurrent-duplicates')).toMatchObject({
    violation: 'double-charge',
    invariant: 'I1',
    invariantName: 'single effect',
  })
  await expect(item(page, 'concurrent-duplicates').getByTestId('check-invariant')).toHaveText(
    '(I1 single effect)',
  )
  await expect(page.getByTestId('check-timeline')).toHaveCount(failed.length)

  // The sandbox's drawing: lanes, arrows labelled by kind, the kill -9 as a crash mark and the restart.
  const crash = item(page, 'crash-after-charge').getByRole('img', { name: /Timeline of crash-after-charge/ })
  for (const label of ['Your server', 'Drill’s provider', 'charge', 'crash', 'restart', 'retry POST'])
    await expect(crash).toContainText(label)

  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
  // The file never left the browser.
  expect(
    requests.filter((r) => r.method !== 'GET' || r.body !== null || r.url.includes('acct_drill')),
  ).toEqual([])
})

test('a report’s strings are shown as text: no element, no script, no dialog', async ({ page }) => {
  const dialogs: string[] = []
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  const img = '<img src=x onerror=alert(1)>'
  const script = '<script>window.__drillPwned = 1</script>'
  const hostile = structuredClone(report)
  hostile.target = img
  const fail = hostile.checks.find((c) => c.verdict === 'fail')!
  fail.reason = script
  fail.violation = '<b onmouseover=alert(2)>double-charge</b>'
  fail.timeline[0]!.what = '<svg onload=alert(3)>'

  await page.goto('/check')
  await expect(input(page)).toBeEnabled()
  await open(page, 'hostile.json', JSON.stringify(hostile))
  const shown = page.getByTestId('check-report')
  await expect(shown.getByRole('heading', { name: `Report for ${img}` })).toBeVisible()
  await expect(shown.getByText(script, { exact: true })).toBeVisible()
  await expect(shown.getByText(`— ${fail.violation}`, { exact: true })).toBeVisible()
  const li = item(page, fail.id)
  await li.getByText('Events (text)').click()
  await expect(li.getByText('<svg onload=alert(3)>', { exact: false })).toBeVisible()

  await expect(shown.locator('img, script, b, svg[onload]')).toHaveCount(0)
  expect(await page.evaluate(() => (window as { __drillPwned?: number }).__drillPwned)).toBeUndefined()
  expect(dialogs).toEqual([])
})

test('a file that is not a report gets one sentence: not JSON, wrong shape, over 5 MB; nothing sent', async ({
  page,
}) => {
  await page.goto('/check')
  await expect(input(page)).toBeEnabled()
  const requests = watchRequests(page)

  // A report first, so each refusal is seen to replace it.
  await open(page, 'report.json', reportText)
  await expect(page.getByTestId('check-result')).toHaveCount(report.checks.length)

  await open(page, 'notes.json', 'this is not JSON {')
  await expect(status(page)).toHaveText('That file is not JSON, so it is not a check:server report.')
  await expect(page.getByTestId('check-result')).toHaveCount(0)

  // A version this page does not read, and a report from before versions: one sentence each.
  await open(page, 'future.json', JSON.stringify({ ...report, version: 2 }))
  await expect(status(page)).toHaveText(
    'That report is version 2 of the check:server format; this page reads version 1 only.',
  )
  await expect(page.getByTestId('check-result')).toHaveCount(0)
  const { version: _version, ...unversioned } = report
  await open(page, 'old.json', JSON.stringify(unversioned))
  await expect(status(page)).toHaveText(
    'That file has no report version: it is from an older check:server, whose timelines this page cannot draw; run npm run check:server --json again.',
  )

  const wrong = { ...report, checks: [{ ...report.checks[0], verdict: 'maybe' }] }
  await open(page, 'wrong.json', JSON.stringify(wrong))
  await expect(status(page)).toHaveText(
    'That file is JSON but not a check:server report: checks[0].verdict is not one of pass, fail, skipped.',
  )

  const big = JSON.stringify({ ...report, padding: 'x'.repeat(5 * 1024 * 1024) })
  await open(page, 'big.json', big)
  await expect(status(page)).toHaveText(
    'That file is over 5 MB, so it is not a check:server report; it was not read.',
  )
  await expect(page.getByTestId('check-result')).toHaveCount(0)

  expect(requests.filter((r) => r.method !== 'GET' || r.body !== null)).toEqual([])
})

test('the sandbox’s Live tab links to /check', async ({ page }) => {
  await page.goto('/sandbox')
  await page.getByRole('tab', { name: 'Live' }).click()
  await page.getByRole('link', { name: 'Check your own server' }).click()
  await expect(page).toHaveURL(/\/check$/)
  await expect(page.getByRole('heading', { name: 'Check your own server', level: 1 })).toBeVisible()
})
