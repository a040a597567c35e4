// The review loop in a real browser against the production build. The server runs
// with DRILL_TEST_CLOCK=1, so the `drill-now` cookie moves "now" between study days.
import AxeBuilder from '@axe-core/playwright'
import { expect, setNow, test } from './fixtures'
import { NO_DB_TAG, walkthrough } from './postgres-names'

test.use({ timezoneId: 'Europe/Berlin', locale: 'en-GB' })

test(
  'critical point missed → Again suggested and saved → not offered again that study day, offered the next',
  walkthrough('tests/pg/review-on-pg.test.ts'),
  async ({ page, context, review }) => {
    // Up to twenty cards graded in a row: with both projects side by side on two cores, 60 s is tight.
    test.setTimeout(120_000)
    await setNow(context, '2026-03-10T10:00:00Z') // 11:00 in Berlin
    await review.open()
    await expect(review.card).toHaveAttribute('data-card-id', 'idempotency-keys')
    await expect(review.prompt).toContainText(/twice|double/i)
    await expect(page.getByRole('timer')).toBeVisible()

    await review.showAnswer()
    const points = page.getByRole('checkbox')
    await expect(points).toHaveCount(5)
    await expect(page.getByRole('heading', { name: 'Model answer' })).toBeVisible()
    const critical = review.criticalPoint()
    await expect(critical).toHaveCount(1)
    await expect(page.getByText(/critical point/i)).toBeVisible()
    for (const box of await points.all()) {
      if ((await box.getAttribute('aria-describedby'))?.startsWith('critical-')) continue
      await box.check()
    }
    await expect(critical).not.toBeChecked()

    const again = review.gradeButton('Again')
    await expect(again).toHaveAccessibleName(/^Again\s*1 day/)
    await expect(again).toHaveAttribute('aria-describedby', 'suggested')
    await expect(review.gradeButton('Good')).not.toHaveAttribute('aria-describedby', 'suggested')
    await expect(review.suggestedRating).toContainText('Again')
    await again.click()
    await expect(review.card).not.toHaveAttribute('data-card-id', 'idempotency-keys')

    // Later the same study day (03:30 next morning in Berlin is still the 10th's study day):
    // work through everything offered; the failed card never comes back.
    await setNow(context, '2026-03-11T02:30:00Z')
    await review.open()
    for (let offered = 0; offered < 20 && (await review.card.isVisible()); offered++) {
      const cardId = await review.cardId()
      expect(cardId).not.toBe('idempotency-keys')
      if (cardId?.startsWith('drill-')) await review.answerDrill()
      else await review.showAnswer()
      await review.grade('Good') // waits until the page moved on from this card
    }
    await expect(review.done).toContainText('Done for today')
    await expect(review.done).toContainText('11 Mar 2026, 04:00')

    // The next study day (06:00 Berlin): it is offered, with what was missed last time.
    await setNow(context, '2026-03-11T05:00:00Z')
    await review.open()
    await expect(review.card).toHaveAttribute('data-card-id', 'idempotency-keys')
    await review.showAnswer()
    await expect(page.getByTestId('missed-last-time')).toContainText('Last time you missed:')
    const criticalText =
      (await page.locator(`label[for="${await critical.getAttribute('id')}"]`).textContent())?.trim() ?? ''
    await expect(page.getByTestId('missed-last-time')).toContainText(criticalText.slice(0, 40))
  },
)

test(
  'keyboard only: Space reveals, Tab + Space ticks, 1–4 grades, Ctrl+Z undoes',
  walkthrough('tests/pg/review-on-pg.test.ts'),
  async ({ page, context, review }) => {
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    await setNow(context, '2026-03-10T10:00:00Z')
    await review.open()
    await expect(review.card).toHaveAttribute('data-card-id', 'idempotency-keys')

    await page.keyboard.press('Space')
    await expect(page.getByRole('heading', { name: 'Check yourself' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('checkbox').first()).toBeFocused()
    await page.keyboard.press('Space')
    await expect(page.getByRole('checkbox').first()).toBeChecked()
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      await page.keyboard.press('Space')
    }
    await expect(review.suggestedRating).toContainText('Good')
    await page.keyboard.press('3')
    await expect(review.card).not.toHaveAttribute('data-card-id', 'idempotency-keys')
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible()

    await page.keyboard.press('Control+z')
    await expect(review.card).toHaveAttribute('data-card-id', 'idempotency-keys')
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0)
    await page.goto('/')
    await expect(page.getByTestId('reviews-today')).toHaveText('0')
    // No hydration mismatches or failed actions along the way.
    expect(consoleErrors).toEqual([])
  },
)

test('a double-clicked grade records one review; a retried submit of the same attempt too', async ({
  page,
  context,
  review,
}) => {
  await setNow(context, '2026-03-10T10:00:00Z')
  await review.open()
  await review.showAnswer()
  for (const box of await page.getByRole('checkbox').all()) await box.check()
  await review.gradeButton('Good').dblclick()
  await expect(review.card).not.toHaveAttribute('data-card-id', 'idempotency-keys')
  await page.goto('/')
  await expect(page.getByTestId('reviews-today')).toHaveText('1')

  // The same attempt submitted twice over HTTP (a network retry): one review.
  const body = {
    cardId: 'in-flight-retry',
    attemptToken: 'e2e-retry-0001',
    rating: 3,
    pointsTicked: [],
    durationMs: 1000,
    answerMode: 'aloud',
  }
  const first = await page.request.post('/api/review/grade', { data: body })
  const retry = await page.request.post('/api/review/grade', { data: body })
  expect(first.status()).toBe(201)
  expect(retry.status()).toBe(200)
  expect(await retry.json()).toMatchObject({ replayed: true, logId: (await first.json()).logId })
  const changed = await page.request.post('/api/review/grade', { data: { ...body, rating: 4 } })
  expect(changed.status()).toBe(422)
  const unknown = await page.request.post('/api/review/grade', {
    data: { ...body, cardId: 'no-such-card', attemptToken: 'e2e-retry-0002' },
  })
  expect(unknown.status()).toBe(404)
  expect(unknown.headers()['content-type']).toContain('application/problem+json')
  await page.goto('/')
  await expect(page.getByTestId('reviews-today')).toHaveText('2')
})

test('axe finds no violations on /review (prompt, revealed, done) or the dashboard and settings', {
  tag: NO_DB_TAG,
}, async ({ page, context, review }) => {
  const scan = async () => {
    const results = await new AxeBuilder({ page }).analyze()
    expect(
      results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
    ).toEqual([])
  }
  await setNow(context, '2026-03-10T10:00:00Z')
  await review.open()
  await scan()
  await review.showAnswer()
  await page.getByRole('checkbox').first().check()
  await scan()
  await page.emulateMedia({ colorScheme: 'dark' })
  await scan()
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/')
  await scan()
  await page.goto('/settings')
  await scan()

  // With no new cards allowed today the loop is done at once: scan that state too.
  await page.getByLabel('New cards per day').fill('0')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()
  await review.open()
  await expect(review.done).toContainText('Done for today')
  await expect(review.done).toContainText('new-card limit')
  await scan()
})
