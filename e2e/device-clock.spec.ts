// A device whose clock is hours off (issue 38): Playwright's clock moves the page's, the
// server's test clock (`drill-now`) the server's. Online and queued grades are recorded at
// the server's time (the device's times count only as "how long ago"), /review says once
// that the clock is off, and the sync status shows it.
import { expect, type Page, setNow, test } from './fixtures'
import { setOffline } from './network-state'
import { gradeShownCard, reviewKeptOffline } from './offline-review'

test.use({ timezoneId: 'Europe/Berlin', locale: 'en-GB' })

const HOUR = 3_600_000
const SERVER = Date.parse('2026-03-10T11:00:00Z')
/** The device's clock: 16 hours behind the server's. */
const DEVICE = SERVER - 16 * HOUR
const NOTICE = "Your device's clock is 16 hours behind; Drill uses its own time for your reviews"

async function loggedAt(page: Page, cardId: string): Promise<number[]> {
  const response = await page.request.get('/api/export')
  expect(response.status()).toBe(200)
  const { reviewLogs } = (await response.json()) as { reviewLogs: { cardId: string; reviewedAtMs: number }[] }
  return reviewLogs.filter((log) => log.cardId === cardId).map((log) => log.reviewedAtMs)
}

test('a device 16 hours behind: online and queued grades land at the server’s time; /review says so once', async ({
  page,
  context,
  review,
}) => {
  await setNow(context, new Date(SERVER).toISOString())
  await page.clock.setFixedTime(DEVICE)
  await review.open()
  await expect(review.card).toBeVisible()
  await reviewKeptOffline(page)

  // Online: recorded at the server's now, not 16 hours ago.
  const online = await gradeShownCard(review)
  const status = page.getByTestId('sync-status')
  await expect(status).toHaveText('All grades synced · device clock 16 hours behind')
  await expect(page.getByTestId('clock-notice')).toHaveText(NOTICE)
  expect(await loggedAt(page, online)).toEqual([SERVER])

  // Queued: graded offline at the device's 1 hour later, sent when the device says 3 hours later.
  await setOffline(context, true)
  await page.clock.setFixedTime(DEVICE + HOUR)
  await page.reload()
  await expect(review.card).toBeVisible()
  const queued = await gradeShownCard(review)
  await expect(status).toHaveText('Offline — 1 grade waiting to sync · device clock 16 hours behind')
  await setNow(context, new Date(SERVER + 3 * HOUR).toISOString())
  await page.clock.setFixedTime(DEVICE + 3 * HOUR)
  await setOffline(context, false)
  await expect(status).toHaveText('All grades synced · device clock 16 hours behind', { timeout: 20_000 })
  // Two hours before the server received it, on the server's clock.
  expect(await loggedAt(page, queued)).toEqual([SERVER + HOUR])

  // Said once: the next visit to /review does not say it again; the sync status still shows it.
  await review.open()
  await expect(page.getByTestId('clock-notice')).toHaveText('')
})

test('a grade whose device times cannot be one is refused with problem+json, nothing stored', async ({
  page,
  context,
  review,
}) => {
  await setNow(context, new Date(SERVER).toISOString())
  await review.open()
  const cardId = (await review.cardId()) ?? ''
  const grade = (times: Record<string, string>) =>
    page.request.post('/api/review/grade', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: { cardId, rating: 3, pointsTicked: [], durationMs: 1000, answerMode: 'aloud', ...times },
    })
  for (const times of [
    { reviewedAt: new Date(DEVICE).toISOString(), sentAt: new Date(DEVICE - 1000).toISOString() },
    { reviewedAt: new Date(DEVICE - 31 * 24 * HOUR).toISOString(), sentAt: new Date(DEVICE).toISOString() },
  ]) {
    const response = await grade(times)
    expect(response.status()).toBe(400)
    expect(response.headers()['content-type']).toContain('application/problem+json')
  }
  expect(await loggedAt(page, cardId)).toEqual([])
  // A device far off but sending both times: accepted, at the server's time less the wait.
  const accepted = await grade({
    reviewedAt: new Date(DEVICE - 40 * 24 * HOUR).toISOString(),
    sentAt: new Date(DEVICE - 40 * 24 * HOUR + 5_000).toISOString(),
  })
  expect(accepted.status()).toBe(201)
  expect(await loggedAt(page, cardId)).toEqual([SERVER - 5_000])
})
