// What an offline test waits for after its online visit: the service worker controls the
// page and has kept a copy of /review with the day's queue in it.
import { expect, type Page } from './fixtures'

export async function reviewKeptOffline(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 })
  // A copy with its queue (expect.poll awaits the page's promise; waitForFunction would not).
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          ((await (await caches.match('/review'))?.text()) ?? '').includes('data-testid="review-card"'),
        ),
      { timeout: 30_000 },
    )
    .toBe(true)
}
