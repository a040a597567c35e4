// The sandbox shows parallel lease recovery: crash-many-in-flight recovers its 20 stuck
// keys together with no invariant broken; the "Serial recovery" switch makes the same
// crash recover one key after another, and the checker names the late keys (I5).
import { expect, test } from '@playwright/test'

test.use({ viewport: { width: 1280, height: 900 } })

test('crash-many-in-flight: recovered together, then Serial recovery breaks I5 with the same 20 charges', async ({
  page,
}) => {
  await page.goto('/sandbox?scenario=crash-many-in-flight')
  const charges = page.getByTestId('charge-count')
  const violations = page.getByTestId('violations').getByRole('listitem')
  await expect(charges).toHaveText('20')
  await expect(violations).toHaveCount(0)

  const serial = page.getByRole('switch', { name: 'Serial recovery', exact: true })
  await expect(serial).not.toBeChecked()
  await serial.click()
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(charges).toHaveText('20')
  const late = violations.filter({ hasText: /^I5 — / })
  await expect(late.first()).toContainText('stuck keys must be recovered together')
  expect(await late.count()).toBeGreaterThanOrEqual(10)
})
