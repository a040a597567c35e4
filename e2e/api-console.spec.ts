// The live console on /sandbox → "Live": the learner's own account (kept across
// visits by the cookie), curl commands with their key, and their rows updating as
// they call the API.
import AxeBuilder from '@axe-core/playwright'
import { newKey, pay, paymentBody } from './api-client'
import { expect, test } from './fixtures'
import { NO_DB_TAG, walkthrough } from './postgres-names'

test(
  'the Live tab gives the learner an account and shows their calls as they happen',
  walkthrough('tests/live/live-on-pg.test.ts'),
  async ({ page, request }) => {
    await page.goto('/sandbox')
    await page.getByRole('tab', { name: 'Live' }).click()
    const account = page.getByTestId('live-account')
    await expect(account).toContainText(/sk_test_\S+/)
    const text = (await account.textContent()) ?? ''
    const apiKey = /sk_test_\S+/.exec(text)?.[0] ?? ''
    const accountId = /account (\d+)/.exec(text)?.[1]

    // The commands carry the learner's key and the five story steps.
    for (const step of ['create', 'lose-and-retry', 'changed-body', 'slow-race', 'timeout']) {
      await expect(page.getByTestId(`curl-${step}`)).toContainText(`Bearer ${apiKey}`)
    }
    await expect(page.getByTestId('live-keys')).toContainText('No keys yet')
    // The provider's ledger is its own file and may outlive our database between runs: count new rows.
    const chargeRows = page.getByTestId('live-charges').locator('tbody tr:not(:has(td[colspan]))')
    const chargesBefore = await chargeRows.count()

    // Run "create" the way curl would; the tables catch up without a reload.
    const key = newKey()
    expect((await pay(request, apiKey, key, paymentBody())).status()).toBe(201)
    await expect(page.getByTestId('live-keys')).toContainText(key)
    await expect(page.getByTestId('live-keys')).toContainText('completed')
    await expect(page.getByTestId('live-payments')).toContainText('succeeded')
    await expect(chargeRows).toHaveCount(chargesBefore + 1)

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      const axe = await new AxeBuilder({ page }).include('[data-testid="live-console"]').analyze()
      expect(axe.violations, `${colorScheme} mode`).toEqual([])
    }

    // Same learner, same account on the next visit.
    await page.reload()
    await page.getByRole('tab', { name: 'Live' }).click()
    await expect(page.getByTestId('live-account')).toContainText(`account ${accountId}`)
    await expect(page.getByTestId('live-account')).toContainText(apiKey)
  },
)

test('on a phone the Live tab fits the screen: long keys and commands wrap, tables scroll inside their box', {
  tag: NO_DB_TAG,
}, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/sandbox')
  await page.getByRole('tab', { name: 'Live' }).click()
  await expect(page.getByTestId('live-account')).toContainText(/sk_test_\S+/)
  await expect(page.getByTestId('live-keys')).toBeVisible()
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(pageWidth).toBeLessThanOrEqual(390)
})
