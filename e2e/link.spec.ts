// Your learner on another device (issue 27): a one-time code made on /settings and typed on
// /link, by keyboard; a used or expired code says so; two linked devices grade the same card
// offline and sync in the "wrong" order, and the card ends as grading both in time order.
import AxeBuilder from '@axe-core/playwright'
import { type BrowserContext, expect, type Page, ReviewPage, setNow, test } from './fixtures'
import { setOffline } from './network-state'
import { gradeShownCard, reviewKeptOffline } from './offline-review'

async function axeClean(page: Page): Promise<void> {
  // Audit the page once it has its title: on CI axe once ran right after the link answer, at a
  // moment the document had no <title> (a flaky document-title violation, not a missing title).
  await expect(page).toHaveTitle(/\S/)
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

/** On /settings, by keyboard: "Use Drill on another device" → the code shown ("ABCD-EFGH"). */
async function makeCode(page: Page): Promise<string> {
  await page.goto('/settings')
  const button = page.getByRole('button', { name: 'Use Drill on another device' })
  await expect(button).toBeEnabled()
  await button.focus()
  await page.keyboard.press('Enter')
  const code = page.getByTestId('link-code')
  await expect(code).toHaveText(/^[A-Z2-7]{4}-[A-Z2-7]{4}$/)
  await expect(page.getByRole('img', { name: /QR code that opens .*\/link\?code=/ })).toBeVisible()
  return (await code.textContent()) ?? ''
}

/** On /link, by keyboard: Tab to the field, type the code, Enter. */
async function typeCode(page: Page, code: string): Promise<void> {
  await page.goto('/link')
  const field = page.getByRole('textbox', { name: 'Code from your other device' })
  await expect(field).toBeVisible()
  await page.locator('body').focus()
  for (let i = 0; i < 30 && !(await field.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(field).toBeFocused()
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
}

async function exportOf(page: Page) {
  return (await (await page.request.get('/api/export')).json()) as {
    reviewLogs: { cardId: string; rating: number; reviewedAtMs: number }[]
    cardStates: Record<string, unknown>[]
  }
}

async function newDevice(
  browser: import('@playwright/test').Browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  return { context, page: await context.newPage() }
}

test('a code links another device to the same learner; a used or expired code is a clear error', async ({
  page,
  browser,
}) => {
  // A learner with one review on device A.
  const a = new ReviewPage(page)
  await a.open()
  await gradeShownCard(a)
  await expect(page.getByTestId('sync-status')).toHaveText('All grades synced')
  const code = await makeCode(page)

  const b = await newDevice(browser)
  await typeCode(b.page, code)
  await expect(b.page.getByTestId('link-result')).toContainText('same learner')
  await axeClean(b.page)
  // B now reads A's learner: the same history.
  const history = (await exportOf(page)).reviewLogs
  expect(history).toHaveLength(1)
  expect((await exportOf(b.page)).reviewLogs).toEqual(history)

  // The same code again, from a third browser: used.
  const c = await newDevice(browser)
  await typeCode(c.page, code)
  await expect(c.page.getByTestId('link-error')).toHaveText(
    'That code was already used. Make a new one on your other device.',
  )
  await axeClean(c.page)

  // A fresh code, tried 11 minutes later: expired.
  const late = await makeCode(page)
  await setNow(c.context, new Date(Date.now() + 11 * 60_000).toISOString())
  await typeCode(c.page, late)
  await expect(c.page.getByTestId('link-error')).toHaveText(
    'That code has expired (codes last 10 minutes). Make a new one on your other device.',
  )

  // A lists both devices; signing B out leaves B with an empty learner of its own.
  await page.goto('/settings')
  await expect(page.getByTestId('linked-device')).toHaveCount(2)
  await page
    .getByTestId('linked-device')
    .filter({ hasNotText: '(this device)' })
    .getByRole('button', { name: 'Sign out this device' })
    .click()
  await expect(page.getByTestId('linked-device')).toHaveCount(1)
  expect((await exportOf(b.page)).reviewLogs).toEqual([])
  await b.context.close()
  await c.context.close()
})

test('two linked devices grade one card offline; B syncs first; the card is as if graded in time order', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000)
  const a = new ReviewPage(page)
  await a.open()
  const code = await makeCode(page)
  const bDevice = await newDevice(browser)
  await typeCode(bDevice.page, code)
  await expect(bDevice.page.getByTestId('link-result')).toBeVisible()
  const b = new ReviewPage(bDevice.page)

  await a.open()
  await reviewKeptOffline(page)
  await b.open()
  await reviewKeptOffline(bDevice.page)
  await setOffline(context, true)
  await setOffline(bDevice.context, true)
  await page.reload()
  await bDevice.page.reload()

  // A grades first (Again), B a moment later (Good): the same card (the day's first).
  const cardOnA = await gradeShownCard(a, 'Again')
  await page.waitForTimeout(1_500)
  const cardOnB = await gradeShownCard(b)
  expect(cardOnB).toBe(cardOnA)
  await expect(bDevice.page.getByTestId('sync-status')).toHaveText('Offline — 1 grade waiting to sync')

  // B comes back first, then A (whose grade is the earlier one).
  await setOffline(bDevice.context, false)
  await expect(bDevice.page.getByTestId('sync-status')).toHaveText('All grades synced', { timeout: 20_000 })
  await setOffline(context, false)
  await expect(page.getByTestId('sync-status')).toHaveText('All grades synced', { timeout: 20_000 })

  const merged = await exportOf(page)
  const logs = merged.reviewLogs.filter((log) => log.cardId === cardOnA)
  expect(logs).toHaveLength(2)
  // Recorded in the order they were made: A's Again before B's Good, though B's arrived first.
  const byTime = [...logs].sort((x, y) => x.reviewedAtMs - y.reviewedAtMs)
  expect(byTime.map((log) => log.rating)).toEqual([1, 3])
  expect(byTime[0]!.reviewedAtMs).toBeLessThan(byTime[1]!.reviewedAtMs)
  // Both devices read the same history and the same card.
  const onB = await exportOf(bDevice.page)
  expect(onB.reviewLogs.filter((log) => log.cardId === cardOnA)).toEqual(logs)
  expect(onB.cardStates.find((s) => s.cardId === cardOnA)).toEqual(
    merged.cardStates.find((s) => s.cardId === cardOnA),
  )
  // A third learner grades the same two reviews in time order, through the same endpoint: the
  // merged card is the card this gives (Again then Good), not Good then Again.
  const control = await newDevice(browser)
  await new ReviewPage(control.page).open()
  // Each review sent as made `sentAt − reviewedAt` before the server's (fixed) now: at its own time.
  const sentAt = new Date().toISOString()
  await setNow(control.context, sentAt)
  for (const log of byTime) {
    const response = await control.page.request.post('/api/review/grade', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: {
        cardId: log.cardId,
        rating: log.rating,
        pointsTicked: [],
        durationMs: 1000,
        answerMode: 'aloud',
        reviewedAt: new Date(log.reviewedAtMs).toISOString(),
        sentAt,
      },
    })
    expect(response.status()).toBe(201)
  }
  const inOrder = (await exportOf(control.page)).cardStates.find((s) => s.cardId === cardOnA)
  expect(merged.cardStates.find((s) => s.cardId === cardOnA)).toEqual(inOrder)
  await bDevice.context.close()
  await control.context.close()
})
