// Issue 39 item 1: /review's first HTML carries the day's first card only (its prompt and timer
// paint with the page); the rest of the day arrives after it as data (GET /api/review/day). A first
// visit draws the day at once in the default zone and stores the browser's zone without redrawing:
// what the learner did meanwhile (typed text, a reveal, a ticked box, the stopped timer) stays.
import { randomUUID } from 'node:crypto'
import type { DayQueueBody } from '@/lib/review/day-card'
import { type BrowserContext, expect, setNow, storedTimezone, test } from './fixtures'
import { NO_DB_TAG } from './postgres-names'

// No service worker: page.route must see the page's own requests (the zone's action, the day's fetch).
test.use({ timezoneId: 'Europe/Berlin', locale: 'en-GB', serviceWorkers: 'block' })

const NOW = '2026-03-10T10:00:00Z'

/** A run of plain words from a card's text, as it appears in any HTML or JSON copy of it. */
function phraseOf(text: string): string {
  const runs = text.match(/[A-Za-z0-9 ,]{16,}/g) ?? []
  const phrase = runs.sort((a, b) => b.length - a.length)[0]?.trim()
  if (!phrase) throw new Error(`no plain phrase in ${JSON.stringify(text)}`)
  return phrase.slice(0, 40)
}

test('the first HTML of /review holds the first card (prompt, timer) and none of the day’s later cards', async ({
  request,
}) => {
  const headers = { cookie: `drill-learner=${randomUUID()}; drill-now=${encodeURIComponent(NOW)}` }
  const html = await (await request.get('/review', { headers })).text()
  const day = (await (await request.get('/api/review/day', { headers })).json()) as DayQueueBody
  const [first, ...later] = day.items
  expect(first?.cardId).toBe('idempotency-keys')
  expect(later.length).toBeGreaterThan(2)

  expect(html).toContain(`data-card-id="${first?.cardId}"`)
  expect(html).toContain('role="timer"')
  expect(html).toContain(phraseOf(first?.card.prompt ?? ''))
  for (const item of later) {
    expect(html, item.cardId).not.toContain(`data-card-id="${item.cardId}"`)
    expect(html, item.cardId).not.toContain(phraseOf(item.card.prompt))
  }
})

test('a first visit: what is typed, revealed and ticked before the zone is stored stays once the day arrives', {
  tag: NO_DB_TAG,
}, async ({ page, context, review }) => {
  await setNow(context, NOW)
  // Hold the zone's server action and the day's fetch, so the learner acts before either lands.
  const held: (() => void)[] = []
  const hold = (route: { continue(): Promise<void> }) =>
    new Promise<void>((resolve) => held.push(() => void route.continue().then(resolve, resolve)))
  await page.route('**/review', (route) =>
    route.request().method() === 'POST' ? hold(route) : route.continue(),
  )
  await page.route('**/api/review/day', (route) => hold(route))

  await review.open()
  await expect(review.card).toHaveAttribute('data-card-id', 'idempotency-keys')
  const box = page.getByRole('textbox', { name: 'Or type your answer' })
  await box.fill('A retry with the same idempotency key replays the stored response')
  await expect.poll(() => held.length).toBe(1) // the zone's action, waiting
  for (const release of held.splice(0)) release()
  await expect.poll(() => held.length).toBe(1) // then the day's fetch, waiting
  await expect(box).toHaveValue('A retry with the same idempotency key replays the stored response')

  await review.showAnswer()
  await expect(page.getByRole('heading', { name: 'Check yourself' })).toBeFocused()
  const firstPoint = review.points.first()
  await firstPoint.setChecked(!(await firstPoint.isChecked()))
  const ticked = await firstPoint.isChecked()
  const timer = await page.getByRole('timer').textContent()

  const day = page.waitForResponse('**/api/review/day')
  for (const release of held.splice(0)) release()
  await day
  await expect(page.locator('[data-rest-of-day="fetched"]')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Check yourself' })).toBeVisible()
  expect(await firstPoint.isChecked()).toBe(ticked)
  await expect(page.getByRole('timer')).toHaveText(timer ?? '')

  // The zone is stored: Settings shows the browser's, and grading goes on through the fetched day.
  await review.grade('Good')
  await expect(review.card).not.toHaveAttribute('data-card-id', 'idempotency-keys')
  await page.goto('/settings')
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Berlin')
})

/** Holds every zone store (/review's and /settings' own: server actions posted as text; a form's save is posted as a form). */
async function holdZoneStores(context: BrowserContext): Promise<(() => void)[]> {
  const held: (() => void)[] = []
  await context.route(/\/(review|settings)$/, (route) => {
    const request = route.request()
    if (request.method() !== 'POST' || request.headers()['content-type']?.startsWith('multipart/'))
      return route.continue()
    return new Promise<void>((resolve) => held.push(() => void route.continue().then(resolve, resolve)))
  })
  return held
}

test('a /settings saved at once after the first /review visit, before the zone was stored, saves the browser’s zone', async ({
  context,
  review,
}) => {
  await setNow(context, NOW)
  const held = await holdZoneStores(context)
  await review.open()
  await expect(review.card).toHaveAttribute('data-card-id', 'idempotency-keys')
  await expect.poll(() => held.length).toBe(1) // /review's store, in flight
  const settings = await context.newPage()
  await settings.goto('/settings')
  await expect(settings.getByLabel('Time zone')).toHaveValue('UTC') // drawn in the default zone
  await expect.poll(() => held.length).toBe(2) // and /settings' own store
  // Saved at once: the form's data is taken now; its post waits for the page's own store (a page's
  // server actions go one at a time), which lands first and would be overwritten by the default.
  await settings.getByRole('button', { name: 'Save settings' }).click()
  for (const release of held.splice(0)) release()
  await expect(settings.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()

  // Berlin's study day, not UTC's (an hour later): the zone the learner sees and the one stored.
  await settings.reload()
  await expect(settings.getByLabel('Time zone')).toHaveValue('Europe/Berlin')
  expect(await storedTimezone(settings)).toBe('Europe/Berlin')
})

test('a zone the learner picks on that first /settings is the one saved', async ({ page, context }) => {
  await setNow(context, NOW)
  const held = await holdZoneStores(context)
  await page.goto('/settings')
  await expect.poll(() => held.length).toBe(1)
  await page.getByLabel('Time zone').selectOption('Asia/Tokyo')
  await page.getByRole('button', { name: 'Save settings' }).click()
  for (const release of held.splice(0)) release()
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Time zone')).toHaveValue('Asia/Tokyo')
  expect(await storedTimezone(page)).toBe('Asia/Tokyo')
})

test('a first visit and its first grade read the browser’s zone off the main thread (no Intl.DateTimeFormat there)', {
  tag: NO_DB_TAG,
}, async ({ page, context, review }) => {
  await setNow(context, NOW)
  // Counts the page's own Intl.DateTimeFormat calls (the init script runs in the page, not in workers):
  // the first one initialises ICU's date data, 50–110 ms of main thread on a first visit.
  await context.addInitScript(() => {
    const counted = window as unknown as { dateTimeFormats: number }
    counted.dateTimeFormats = 0
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      apply(target, self, args) {
        counted.dateTimeFormats += 1
        return Reflect.apply(target, self, args)
      },
      construct(target, args, newTarget) {
        counted.dateTimeFormats += 1
        return Reflect.construct(target, args, newTarget)
      },
    })
  })
  const day = page.waitForResponse('**/api/review/day')
  await review.open()
  await day
  await expect(page.locator('[data-rest-of-day="fetched"]')).toBeVisible()
  await review.showAnswer()
  await review.grade('Good')
  await expect.poll(() => storedTimezone(page)).toBe('Europe/Berlin')
  expect(await page.evaluate(() => (window as unknown as { dateTimeFormats: number }).dateTimeFormats)).toBe(
    0,
  )
})

test('a zone picked on that first /settings stays picked when the page is redrawn in the zone stored meanwhile', async ({
  page,
  context,
}) => {
  await setNow(context, NOW)
  const held = await holdZoneStores(context)
  await page.goto('/settings')
  await expect.poll(() => held.length).toBe(1)
  const zone = page.getByLabel('Time zone')
  await zone.selectOption('Asia/Tokyo')
  // The store lands and the page is redrawn in the zone it stored (Berlin, the browser's).
  for (const release of held.splice(0)) release()
  await expect(page.locator('form[data-drawn-in="Europe/Berlin"]')).toBeAttached()
  await expect(zone).toHaveValue('Asia/Tokyo')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()
  await page.reload()
  await expect(zone).toHaveValue('Asia/Tokyo')
})
