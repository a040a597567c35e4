// The sandbox and the card timelines, in a real browser against the production build:
// the headline lesson (flip "Charge before insert" → 2 charges become 1), the shared URL,
// keyboard stepping, the card's engine-drawn timelines, axe, and a screenshot.
import AxeBuilder from '@axe-core/playwright'
import { expect, SandboxPage, test } from './fixtures'

test.use({ viewport: { width: 1280, height: 900 } })

test('store-after-charge: 2 charges and I1; Charge before insert off → 1 charge; the shared URL replays it', async ({
  page,
  browser,
  sandbox,
}) => {
  await sandbox.open('store-after-charge')
  await expect(sandbox.chargeCount).toHaveText('2')
  const i1 = sandbox.violations.filter({ hasText: /^I1 — / })
  await expect(i1).toHaveCount(1)
  await expect(i1).toContainText('single effect')

  // The violation's link steps the timeline to the event that broke it: the second charge.
  const slider = sandbox.stepper('store-after-charge')
  // The player wakes when seen: scrolled to, its controls become live (a synchronous scroll in the
  // page: Playwright's own scroll gives up when the woken player replaces the element it scrolls).
  await i1.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await i1.getByRole('button').click()
  await expect(slider).toHaveAttribute('aria-valuetext', /ch_0002/)

  await expect(sandbox.orderSwitch).toBeChecked()
  await sandbox.orderSwitch.click()
  await expect(sandbox.orderSwitch).not.toBeChecked()
  await sandbox.runButton.click()

  await expect(sandbox.chargeCount).toHaveText('1')
  await expect(sandbox.violations).toHaveCount(0)
  await expect(page.getByText('No invariant broken.', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/sandbox\?s=v1\.[A-Za-z0-9_-]+$/)
  const shared = page.url()

  // A fresh browser context (no cookies, no state) opening the link sees the same run.
  const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const other = new SandboxPage(await fresh.newPage())
  await other.page.goto(shared)
  await expect(other.chargeCount).toHaveText('1')
  await expect(other.violations).toHaveCount(0)
  await expect(other.orderSwitch).not.toBeChecked()
  const narration = (on: SandboxPage) => on.stepper('store-after-charge').getAttribute('aria-valuetext')
  expect(await narration(other)).toBe(await narration(sandbox))
  await fresh.close()
})

test('keyboard stepping changes the narrated event', async ({ page, sandbox }) => {
  await sandbox.open('lost-response')
  const slider = sandbox.stepper('lost-response')
  // The slider is disabled until the player is live (it wakes when seen); a keyboard user gets it then.
  await slider.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await expect(slider).toBeEnabled()
  await slider.focus()
  await page.keyboard.press('Home')
  await expect(slider).toHaveAttribute('aria-valuetext', /^10:00:00\.000 — .*sends POST \/payments/)
  const first = (await slider.getAttribute('aria-valuetext')) ?? ''
  await page.keyboard.press('ArrowRight')
  await expect(slider).not.toHaveAttribute('aria-valuetext', first)
  await expect(slider).toHaveAttribute('aria-valuetext', /^10:00:00\.0\d\d — .*claim/)
  await page.keyboard.press('ArrowRight')
  await expect(slider).toHaveAttribute('aria-valuetext', /^10:00:00\.020 — /)
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(slider).toHaveAttribute('aria-valuetext', first)
  await page.keyboard.press('End')
  await expect(slider).toHaveAttribute('aria-valuetext', /^10:00:02\.100 — /)

  // Space plays from the start; the button says Pause while playing.
  await page.keyboard.press('Space')
  await expect(page.getByRole('button', { name: 'Pause' }).first()).toBeVisible()
  await page.keyboard.press('Space')
  await expect(page.getByRole('button', { name: 'Play' }).first()).toBeVisible()
})

test('a malformed shared URL shows a clear message, not a crash', async ({ page, sandbox }) => {
  const response = await page.goto('/sandbox?s=v1.not-a-real-state')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('alert').filter({ hasText: /shared scenario/i })).toBeVisible()
  await expect(sandbox.chargeCount).toHaveText('1')

  await page.goto(`/sandbox?s=v1.${'A'.repeat(7000)}`)
  await expect(page.getByRole('alert').filter({ hasText: /too long/ })).toBeVisible()
})

test('the idempotency card shows the lost-response timeline with the seed numbers, and store-after-charge', async ({
  page,
}) => {
  await page.goto('/cards/idempotency-keys')
  const lostSection = page.locator('section[aria-labelledby="timeline-lost-response"]')
  await expect(lostSection).toBeVisible()
  await expect(lostSection.getByRole('img', { name: /Timeline of lost-response/ })).toBeVisible()
  await expect(lostSection).toContainText('10:00:00.020')
  await expect(lostSection).toContainText('payment 88')
  await expect(lostSection).toContainText('10:00:02.100')

  const storeAfterCharge = page.locator('section[aria-labelledby="timeline-store-after-charge"]')
  await expect(storeAfterCharge.getByRole('img', { name: /Timeline of store-after-charge/ })).toBeVisible()
  await expect(storeAfterCharge.getByRole('listitem').filter({ hasText: /^I1 — / })).toHaveCount(1)
})

for (const path of ['/sandbox', '/cards/idempotency-keys']) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe finds no violations on ${path} (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme })
      await page.goto(path)
      await expect(page.getByRole('slider').first()).toBeVisible()
      const results = await new AxeBuilder({ page }).analyze()
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        ),
      ).toEqual([])
    })
  }
}

test('screenshot of the lost-response timeline', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' })
  await page.goto('/cards/idempotency-keys')
  const diagram = page.getByRole('region', { name: 'Timeline of lost-response: diagram' })
  await expect(diagram).toBeVisible()
  await expect(diagram).toHaveScreenshot('lost-response-timeline.png', {
    animations: 'disabled',
    caret: 'hide',
  })
})
