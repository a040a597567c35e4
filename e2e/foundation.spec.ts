import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures'

test('home → Cards → the idempotency card shows its prompt and its five points', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  for (const name of ['Review', 'Cards', 'Sandbox', 'Stats', 'Settings']) {
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }),
    ).toBeVisible()
  }

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Cards', exact: true })
    .click()
  await expect(page).toHaveURL(/\/cards$/)
  await page.locator('a[href="/cards/idempotency-keys"]').click()

  await expect(page).toHaveURL(/\/cards\/idempotency-keys$/)
  await expect(page.getByTestId('card-prompt')).toContainText(/double-charge/i)
  const points = page.getByTestId('points').getByRole('listitem')
  await expect(points).toHaveCount(5)
  await expect(page.getByTestId('points').getByText('Critical point')).toHaveCount(1)
  await expect(page.getByRole('heading', { name: 'Model answer' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Follow-ups' })).toBeVisible()
})

test('an unknown card is a 404 page', async ({ page }) => {
  const response = await page.goto('/cards/no-such-card')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible()
})

for (const path of ['/', '/cards', '/cards/idempotency-keys']) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(path)
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
  })
}

test('dark mode follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/cards')
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  await page.emulateMedia({ colorScheme: 'light' })
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  expect(background).not.toBe(lightBackground)
})
