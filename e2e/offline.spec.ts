// Offline review (issue 27) in Chromium with the service worker: the review page loads with
// no connection after one online visit, grades wait in the device's queue and sync when the
// browser is back online; a grade whose response was lost is retried under the same key and
// recorded once. Runs on the real clock (the device's grade times are real times).
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from './fixtures'
import { setOffline } from './network-state'
import { gradeShownCard, reviewKeptOffline } from './offline-review'
import { NO_DB_TAG } from './postgres-names'

async function exportedLogCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/export')
  expect(response.status()).toBe(200)
  return ((await response.json()) as { reviewLogs: unknown[] }).reviewLogs.length
}

test('offline: the review page loads, 3 grades wait on the device, then sync once online', async ({
  page,
  context,
  review,
}) => {
  await review.open()
  await expect(review.card).toBeVisible()
  await reviewKeptOffline(page)
  const before = await exportedLogCount(page)

  await setOffline(context, true)
  await page.reload()
  await expect(review.card).toBeVisible()
  const status = page.getByTestId('sync-status')
  await expect(status).toHaveText('Offline — 0 grades waiting to sync')

  const graded = []
  for (let i = 0; i < 3; i++) graded.push(await gradeShownCard(review))
  expect(new Set(graded).size).toBe(3)
  await expect(status).toHaveText('Offline — 3 grades waiting to sync')
  await expect(status).toHaveAttribute('role', 'status')
  const axe = await new AxeBuilder({ page }).include('[data-testid="sync-status"]').analyze()
  expect(axe.violations.map((v) => v.id)).toEqual([])

  // A reload offline keeps the queue (IndexedDB) and the graded cards stay graded.
  await page.reload()
  await expect(status).toHaveText('Offline — 3 grades waiting to sync')
  expect(graded).not.toContain(await review.cardId())

  await setOffline(context, false)
  await expect(status).toHaveText('All grades synced', { timeout: 20_000 })
  expect(await exportedLogCount(page)).toBe(before + 3)
})

test("offline, a card's timelines open from the review (its page was kept with the day's queue)", async ({
  page,
  context,
  review,
}) => {
  await review.open()
  await reviewKeptOffline(page)
  // The worker is in charge now: this load asks it to keep the cards' pages of today's queue.
  await page.reload()
  const cardId = (await review.cardId()) ?? ''
  await expect
    .poll(() => page.evaluate(async (id) => (await caches.match(`/cards/${id}`)) !== undefined, cardId), {
      timeout: 30_000,
    })
    .toBe(true)
  await setOffline(context, true)
  await page.reload()
  await review.showAnswer()
  await page.getByRole('link', { name: "This card's timelines" }).click()
  await expect(page.getByRole('heading', { name: 'Timelines', level: 2 })).toBeVisible()
  await setOffline(context, false)
})

test('a page that needs the server says so offline instead of the browser error page', {
  tag: NO_DB_TAG,
}, async ({ page, context, review }) => {
  await review.open()
  await reviewKeptOffline(page)
  await setOffline(context, true)
  await page.goto('/sandbox')
  await expect(page.getByRole('heading', { name: 'This page needs a connection' })).toBeVisible()
  await setOffline(context, false)
})

test('a lost response: the retry carries the same key, is answered from the replay table, one log', async ({
  page,
  review,
}) => {
  test.setTimeout(90_000)
  await review.open()
  await expect(review.card).toBeVisible()
  const before = await exportedLogCount(page)
  const keys: string[] = []
  const replayed: string[] = []
  let first = true
  await page.route('**/api/review/grade', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '')
    // The request reaches the server and is recorded; the client never hears back.
    const response = await route.fetch()
    if (first) {
      first = false
      return route.abort('failed')
    }
    replayed.push(response.headers()['idempotent-replayed'] ?? '')
    return route.fulfill({ response })
  })
  await gradeShownCard(review)
  // The grade stays in the device's queue and goes again (at the latest after 30 s).
  await expect(page.getByTestId('sync-status')).toHaveText('All grades synced', { timeout: 40_000 })
  expect(keys).toHaveLength(2)
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
  expect(keys[1]).toBe(keys[0])
  expect(replayed).toEqual(['true'])
  expect(await exportedLogCount(page)).toBe(before + 1)
})

test('the manifest makes Drill installable, opening on /review', { tag: NO_DB_TAG }, async ({ page }) => {
  const response = await page.request.get('/manifest.webmanifest')
  expect(response.status()).toBe(200)
  const manifest = await response.json()
  expect(manifest).toMatchObject({ short_name: 'Drill', start_url: '/review', display: 'standalone' })
  const sizes = (manifest.icons as { sizes: string; purpose?: string }[]).map(
    (i) => `${i.sizes} ${i.purpose}`,
  )
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))
  for (const icon of manifest.icons as { src: string }[])
    expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png')
})
