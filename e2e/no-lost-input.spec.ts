// Issue 11, item 6: no lost input. A sandbox run's answer never overwrites an edit made
// while it was in flight, a new Run supersedes a pending one, and a control clicked
// before the page has hydrated either works or is visibly disabled.
import { expect, type Page, test } from './fixtures'

// No service worker here: it would serve the app's chunks from its precache, where page.route
// cannot hold them back, so the "before hydration" state could not be reached.
test.use({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })

const chargeCount = (page: Page) => page.getByTestId('charge-count')
const orderSwitch = (page: Page) => page.getByRole('switch', { name: 'Charge before insert', exact: true })
const runButton = (page: Page) => page.getByRole('button', { name: 'Run', exact: true })
const RUN_DELAY_MS = 800

/** A slow network for the run API only: each request reaches the server 800 ms late. */
async function slowRuns(page: Page) {
  await page.route('**/api/sandbox/run', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, RUN_DELAY_MS))
    await route.continue().catch(() => {}) // an aborted (superseded) request has nothing to continue
  })
}

test('with a slow network, Run, flip "Charge before insert" while it is pending, Run again → 1 charge', async ({
  page,
}) => {
  await page.goto('/sandbox?scenario=store-after-charge')
  await expect(chargeCount(page)).toHaveText('2')
  await expect(orderSwitch(page)).toBeChecked()
  await slowRuns(page)

  const firstAnswer = page.waitForResponse('**/api/sandbox/run')
  await runButton(page).click()
  await expect(page.getByTestId('sandbox-pending')).toHaveText('Running…')
  await orderSwitch(page).click()
  await expect(orderSwitch(page)).not.toBeChecked()

  // The first run answers for the config it was sent (flaw on: 2 charges); the edit stays,
  // and the result says it is stale.
  await firstAnswer
  await expect(page.getByTestId('sandbox-pending')).toHaveCount(0)
  await expect(orderSwitch(page)).not.toBeChecked()
  await expect(chargeCount(page)).toHaveText('2')
  await expect(page.getByTestId('result-stale')).toBeVisible()
  await expect(page.getByText('Edited: press Run to see the new timeline.')).toBeVisible()

  await runButton(page).click()
  await expect(chargeCount(page)).toHaveText('1')
  await expect(page.getByTestId('result-stale')).toHaveCount(0)
  await expect(orderSwitch(page)).not.toBeChecked()
  await expect(page.getByRole('heading', { name: 'Result: 1 charge, no invariant broken' })).toBeVisible()
})

test('a Run pressed while another is pending supersedes it: the late answer never replaces the newer one', async ({
  page,
}) => {
  await page.goto('/sandbox?scenario=store-after-charge')
  await expect(chargeCount(page)).toHaveText('2')
  await slowRuns(page)

  await runButton(page).click()
  await orderSwitch(page).click()
  const secondAnswer = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/sandbox/run') &&
      (response.request().postData() ?? '').includes('"flaws":[]'),
  )
  await runButton(page).click()
  await secondAnswer
  await expect(chargeCount(page)).toHaveText('1')
  // Give a late first answer every chance to land; the newer run must stay on screen.
  await page.waitForTimeout(RUN_DELAY_MS)
  await expect(chargeCount(page)).toHaveText('1')
  await expect(orderSwitch(page)).not.toBeChecked()
  await expect(page.getByTestId('result-stale')).toHaveCount(0)
})

/** Holds every script bundle until release(): the page is server HTML only, not hydrated. */
async function holdScripts(page: Page) {
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  // Scripts only: held stylesheets would hold the inline scripts after them, and the whole parse.
  await page.route(/\/_next\/static\/.*\.js(\?|$)/, async (route) => {
    await gate
    await route.continue()
  })
  return release
}

const opacity = (page: Page, name: string) =>
  page
    .getByRole('button', { name, exact: true })
    .evaluate((element) => Number(getComputedStyle(element).opacity))

test('before hydration the sandbox and review controls are visibly disabled, then work; the settings form works without JS', async ({
  page,
}) => {
  // The first /review visit learns the time zone (client JS); do it hydrated.
  await page.goto('/review')
  await expect(page.getByTestId('review-card')).toBeVisible()

  let release = await holdScripts(page)
  await page.goto('/sandbox?scenario=store-after-charge', { waitUntil: 'domcontentloaded' })
  await expect(runButton(page)).toBeDisabled()
  expect(await opacity(page, 'Run')).toBeLessThan(1)
  await expect(orderSwitch(page)).toBeDisabled()
  await expect(page.getByRole('tab', { name: 'Live' })).toBeDisabled()
  release()
  await expect(runButton(page)).toBeEnabled()
  expect(await opacity(page, 'Run')).toBe(1)
  await orderSwitch(page).click()
  await runButton(page).click()
  await expect(chargeCount(page)).toHaveText('1')

  await page.unrouteAll()
  release = await holdScripts(page)
  await page.goto('/review', { waitUntil: 'domcontentloaded' })
  const showAnswer = page.getByRole('button', { name: 'Show answer' })
  await expect(showAnswer).toBeDisabled()
  await expect(page.getByLabel('Or type your answer (optional)')).toBeDisabled()
  release()
  await expect(showAnswer).toBeEnabled()
  await showAnswer.click()
  await expect(page.getByRole('heading', { name: 'Check yourself' })).toBeVisible()

  // The settings form is a plain form posting to a server action: it works before hydration.
  await page.unrouteAll()
  await holdScripts(page)
  await page.goto('/settings', { waitUntil: 'domcontentloaded' })
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Import cards', exact: true })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Delete my recordings' })).toBeDisabled()
  const newPerDay = page.getByLabel('New cards per day')
  await expect(newPerDay).toBeEnabled()
  // The zone list is markup (components/ui/fields.tsx): the HTML alone shows the stored zone, and posts it.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
  await expect(page.getByLabel('Time zone')).toHaveValue(zone)
  await newPerDay.fill('7')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Settings saved.')).toBeVisible()
  await page.unrouteAll()
  await page.goto('/settings')
  await expect(page.getByLabel('New cards per day')).toHaveValue('7')
  await expect(page.getByLabel('Time zone')).toHaveValue(zone)
})
