// Stats, export and import, end to end: two reviews through the real /review UI
// (test clock: one on each of two study days), then /stats, /api/export,
// /api/import and the import form on /settings.
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { allCards } from '@/lib/content/cards'
import { BUILT_IN_DECKS } from '@/lib/content/decks'
import { expect, ReviewPage, setNow, test } from './fixtures'
import { NO_DB_TAG, walkthrough } from './postgres-names'

test.use({ timezoneId: 'UTC' })

const firstDay = '2026-11-30'
const secondDay = '2026-12-01'

/**
 * Reviews the first card /review offers, leaving one point unticked — the critical
 * one (described as critical for screen readers), else the first — and grades Again.
 */
async function reviewMissingOnePoint(
  page: Page,
): Promise<{ cardId: string; missedText: string; critical: boolean }> {
  const review = new ReviewPage(page)
  await review.open()
  await expect(review.card).toBeVisible()
  const cardId = (await review.cardId()) ?? ''
  await review.showAnswer()
  // all() does not wait: under load the revealed points may render a moment after the click.
  await expect(review.points.nth(1)).toBeVisible()
  const boxes = await review.points.all()
  const points = await Promise.all(
    boxes.map(async (box) => {
      const id = await box.getAttribute('id')
      const describedBy = (await box.getAttribute('aria-describedby')) ?? ''
      const description = describedBy
        ? await page
            .locator(
              describedBy
                .split(' ')
                .map((d) => `[id="${d}"]`)
                .join(','),
            )
            .allTextContents()
        : []
      return {
        box,
        text: ((await page.locator(`label[for="${id}"]`).textContent()) ?? '').trim(),
        critical: description.some((d) => /critical/i.test(d)),
      }
    }),
  )
  const missed = points.find((p) => p.critical) ?? points[0]!
  for (const point of points) if (point !== missed) await point.box.check()
  await review.gradeButton('Again').click()
  // Graded: the page moves on (another card's prompt, or done for today).
  await expect(review.gradeButton('Again')).toHaveCount(0)
  return { cardId, missedText: missed.text, critical: missed.critical }
}

test(
  'after two reviews /stats shows them in the heatmap and the per-point misses; export/import round-trip',
  walkthrough('tests/pg/plan-stats-on-pg.test.ts'),
  async ({ page, context }) => {
    await setNow(context, `${firstDay}T10:00:00Z`)
    const first = await reviewMissingOnePoint(page)

    // Again with same-day steps off: the card is due the next study day, and comes first then.
    await setNow(context, `${secondDay}T10:00:00Z`)
    const second = await reviewMissingOnePoint(page)
    expect(second.cardId).toBe(first.cardId)

    await page.goto('/stats')
    await expect(page.getByRole('heading', { name: 'Stats', level: 1 })).toBeVisible()

    // Recall per topic: the reviewed card's deck has one card seen, with its recall now; a topic
    // not started has none seen and no recall.
    const topics = page.getByRole('region', { name: 'Recall per topic' })
    const reviewedDeck = allCards().find((card) => card.id === first.cardId)?.deck ?? 'idempotency'
    const deckRow = (deckId: string) => {
      const title = BUILT_IN_DECKS.find((deck) => deck.id === deckId)?.title ?? ''
      return topics
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: title, exact: true }) })
    }
    const deckSize = (deckId: string) => allCards().filter((card) => card.deck === deckId).length
    await expect(deckRow(reviewedDeck).getByRole('cell').first()).toHaveText(`1 of ${deckSize(reviewedDeck)}`)
    await expect(deckRow(reviewedDeck).getByRole('cell').nth(1)).toHaveText(/^\d+%$/)
    const untouched = BUILT_IN_DECKS.find((deck) => deck.id !== reviewedDeck && deckSize(deck.id) > 0)
    if (untouched) {
      await expect(deckRow(untouched.id).getByRole('cell').first()).toHaveText(
        `0 of ${deckSize(untouched.id)}`,
      )
      await expect(deckRow(untouched.id).getByRole('cell').nth(1)).toHaveText('–')
    }

    const heatmap = page.getByTestId('stats-heatmap')
    await expect(heatmap.locator(`rect[data-date="${firstDay}"]`)).toHaveAttribute('data-count', '1')
    await expect(heatmap.locator(`rect[data-date="${secondDay}"]`)).toHaveAttribute('data-count', '1')
    await expect(heatmap.locator('rect[data-count]:not([data-count="0"])')).toHaveCount(2)
    await expect(page.locator('#stats-heatmap-summary')).toContainText('2 reviews on 2 days')
    await heatmap.getByText('Days with reviews, as a table').click()
    await expect(heatmap.getByRole('row', { name: /Mon, 30 Nov 2026/ })).toContainText('1')
    await expect(heatmap.getByRole('row', { name: /Tue, 1 Dec 2026/ })).toContainText('1')

    const misses = page.getByTestId(`misses-${first.cardId}`)
    await expect(misses).toContainText('2 reviews')
    // The most missed point is named once: in the critical callout when it is the critical point, else on its own line.
    if (first.critical) {
      await expect(misses.getByTestId('critical-point')).toContainText('It is the point you miss most.')
      await expect(misses).not.toContainText('Most missed:')
    } else {
      await expect(misses).toContainText(`Most missed: ${first.missedText} (2 of 2)`)
    }
    const missedRow = misses.getByRole('row', { name: new RegExp(escapeRegExp(first.missedText)) })
    await expect(missedRow.getByRole('cell').nth(0)).toHaveText('2')
    await expect(missedRow.getByRole('cell').nth(1)).toHaveText('2')
    await expect(missedRow).toContainText('100%')
    await expect(misses.getByTestId('critical-point')).toContainText(
      first.critical ? 'missed 2 of 2 reviews' : 'missed 0 of 2 reviews',
    )
    if (first.critical) await expect(misses.getByTestId('critical-point')).toContainText(first.missedText)

    // The second review was of a card in the review state, graded Again: 0 of 1 passed.
    await expect(page.locator('#stats-retention-summary')).toContainText('0 of 1 reviews')
    const cardRow = page.getByTestId('stats-cards').locator(`tr[data-card-id="${first.cardId}"]`)
    await expect(cardRow).toContainText('Review')

    // Export: JSON with both reviews, CSV in the optimizer's columns.
    const exported = await page.request.get('/api/export')
    expect(exported.status()).toBe(200)
    const file = await exported.json()
    expect(file).toMatchObject({ format: 'drill-study-state', version: 1 })
    expect(file.reviewLogs).toHaveLength(2)
    const csv = await (await page.request.get('/api/export?format=csv')).text()
    const lines = csv.trim().split('\n')
    expect(lines[0]).toBe('card_id,review_time,review_rating,review_state,review_duration')
    const rows = lines.slice(1).map((line) => line.split(','))
    expect(rows.map(([cardId, , rating]) => [cardId, rating])).toEqual([
      [first.cardId, '1'],
      [first.cardId, '1'],
    ])
    // Each review is recorded at the server's time less the moments the grade spent on the device
    // before it was sent (reviewedAt → sentAt): at the server's clock or a little before, never after.
    for (const [i, day] of [firstDay, secondDay].entries()) {
      const serverNow = Date.parse(`${day}T10:00:00Z`)
      const recorded = Number(rows[i]?.[1])
      expect(recorded).toBeLessThanOrEqual(serverNow)
      expect(recorded).toBeGreaterThan(serverNow - 10_000)
    }

    // Import of the same state: nothing new. A truncated file: 400 problem+json, nothing written.
    const text = JSON.stringify(file)
    const again = await page.request.post('/api/import', {
      data: text,
      headers: { 'content-type': 'application/json' },
    })
    expect(again.status()).toBe(200)
    expect((await again.json()).imported).toMatchObject({
      reviewLogsAdded: 0,
      cardStatesAdded: 0,
      cardStatesUpdated: 0,
    })
    const truncated = await page.request.post('/api/import', {
      data: text.slice(0, text.length / 2),
      headers: { 'content-type': 'application/json' },
    })
    expect(truncated.status()).toBe(400)
    expect(truncated.headers()['content-type']).toContain('application/problem+json')
    expect(await truncated.json()).toMatchObject({ status: 400, title: 'Not a Drill export' })
    const after = await (await page.request.get('/api/export')).json()
    expect(after.reviewLogs).toEqual(file.reviewLogs)
    expect(after.cardStates).toEqual(file.cardStates)

    // A fresh learner imports the file through /settings and gets the same state.
    await context.clearCookies()
    await setNow(context, `${secondDay}T10:00:00Z`)
    await page.goto('/settings')
    await expect(page.getByRole('link', { name: 'Download JSON' })).toHaveAttribute('href', '/api/export')
    await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/export?format=csv',
    )
    await page
      .getByLabel('Export file (JSON)')
      .setInputFiles({ name: 'drill.json', mimeType: 'application/json', buffer: Buffer.from(text) })
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(page.getByTestId('import-status')).toContainText('2 reviews added')
    const imported = await (await page.request.get('/api/export')).json()
    expect(imported.reviewLogs).toEqual(file.reviewLogs)
    expect(imported.cardStates).toEqual(file.cardStates)

    await page.getByLabel('Export file (JSON)').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text.slice(0, 100)),
    })
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(page.getByTestId('import-status')).toContainText('Nothing was imported')
  },
)

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no violations on /stats (${colorScheme}, with reviews)`, { tag: NO_DB_TAG }, async ({
    page,
    context,
  }) => {
    await page.emulateMedia({ colorScheme })
    await setNow(context, `${firstDay}T10:00:00Z`)
    await reviewMissingOnePoint(page)
    await page.goto('/stats')
    await page.getByText('Days with reviews, as a table').click()
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
  })

  test(`axe finds no violations in the export/import section of /settings (${colorScheme})`, {
    tag: NO_DB_TAG,
  }, async ({ page }) => {
    await page.emulateMedia({ colorScheme })
    await page.goto('/settings')
    await page
      .getByLabel('Export file (JSON)')
      .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"format":') })
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(page.getByTestId('import-status')).toContainText('Nothing was imported')
    const results = await new AxeBuilder({ page }).include('[data-testid="data-transfer"]').analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
  })
}

test('on a phone /stats fits the screen (charts and the card table scroll inside their boxes) and axe is clean', {
  tag: NO_DB_TAG,
}, async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await setNow(context, `${firstDay}T10:00:00Z`)
  await reviewMissingOnePoint(page)
  await page.goto('/stats')
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(pageWidth).toBeLessThanOrEqual(390)
  // The heatmap opens on its newest end: today's cell is in view without scrolling.
  await expect(page.locator(`[data-testid="stats-heatmap"] rect[data-date="${firstDay}"]`)).toBeInViewport()
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
})

test('axe finds no violations on /stats for a learner with no reviews', { tag: NO_DB_TAG }, async ({
  page,
}) => {
  await page.goto('/stats')
  await expect(page.getByTestId('stats-heatmap')).toContainText('No reviews in the last year yet.')
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
})

test("the heatmap is drawn from the server's HTML and again after a client navigation", {
  tag: NO_DB_TAG,
}, async ({ page }) => {
  // The year without reviews: one path of 371 or so squares, no day cells.
  const emptyDays = (heatmap: Locator) =>
    heatmap.locator('svg path', { has: page.locator('title', { hasText: 'No reviews' }) })
  await page.goto('/stats')
  const heatmap = page.getByTestId('stats-heatmap')
  await expect(emptyDays(heatmap)).toHaveCount(1)
  await expect(heatmap.locator('rect[data-date]')).toHaveCount(0)
  const drawn = await emptyDays(heatmap).getAttribute('d')
  expect(drawn?.match(/M/g)?.length).toBeGreaterThanOrEqual(365)

  await page.getByRole('link', { name: 'Plan' }).first().click()
  await expect(page).toHaveURL(/\/plan$/)
  await page.getByRole('link', { name: 'Stats' }).first().click()
  await expect(page).toHaveURL(/\/stats$/)
  await expect(emptyDays(page.getByTestId('stats-heatmap'))).toHaveAttribute('d', drawn ?? '')
})

test('export and import refuse what they do not speak, as problem+json', async ({ request }) => {
  const format = await request.get('/api/export?format=xml')
  expect(format.status()).toBe(400)
  expect(format.headers()['content-type']).toContain('application/problem+json')
  const media = await request.post('/api/import', {
    data: 'hello',
    headers: { 'content-type': 'text/plain' },
  })
  expect(media.status()).toBe(415)
  const wrongShape = await request.post('/api/import', {
    data: JSON.stringify({
      format: 'drill-study-state',
      version: 1,
      exportedAtMs: 0,
      settings: null,
      cardStates: [],
      reviewLogs: [{ cardId: 'x' }],
    }),
    headers: { 'content-type': 'application/json' },
  })
  expect(wrongShape.status()).toBe(400)
  const problem = await wrongShape.json()
  expect(problem).toMatchObject({
    type: '/problems/invalid-import',
    title: 'Invalid export file',
    status: 400,
  })
  expect(problem.issues[0].path).toMatch(/^reviewLogs\.0\./)
  const empty = await (await request.get('/api/export')).json()
  expect(empty).toMatchObject({ cardStates: [], reviewLogs: [] })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A study-state file: `count` own cards, each reviewed once a day ago with its first point missed. */
function manyCardsFile(nowMs: number, count: number) {
  const DAY_MS = 86_400_000
  const ids = Array.from({ length: count }, (_, i) => `long-history-${i + 1}`)
  return {
    format: 'drill-study-state',
    version: 1,
    exportedAtMs: nowMs,
    settings: null,
    ownCards: ids.map((id, i) => ({
      id,
      title: `Long history card ${i + 1}`,
      deck: 'Long history',
      prompt: `Explain design question ${i + 1}.`,
      points: [
        { id: 'p1', text: `First point of ${i + 1}`, critical: false, cues: [] },
        { id: 'p2', text: `Second point of ${i + 1}`, critical: false, cues: [] },
        { id: 'p3', text: `Third point of ${i + 1}`, critical: false, cues: [] },
      ],
      answerMarkdown: `Model answer ${i + 1}.`,
    })),
    reviewLogs: ids.map((cardId, i) => ({
      cardId,
      attemptToken: `long-history-${i + 1}`,
      rating: 2,
      suggestedRating: 2,
      pointsTicked: ['p2', 'p3'],
      pointsAll: ['p1', 'p2', 'p3'],
      durationMs: 20_000,
      answerMode: 'typed',
      stateBefore: 0,
      reviewedAtMs: nowMs - DAY_MS,
      snapshot: null,
      dueAfterMs: nowMs + (i + 1) * DAY_MS,
    })),
    cardStates: ids.map((cardId, i) => ({
      cardId,
      dueMs: nowMs + (i + 1) * DAY_MS,
      stability: 5,
      difficulty: 5,
      elapsedDays: 0,
      scheduledDays: i + 1,
      learningSteps: 0,
      reps: 1,
      lapses: 0,
      state: 2,
      lastReviewMs: nowMs - DAY_MS,
    })),
  }
}

/** Presses Tab until `target` has the focus: it is reachable from the keyboard. */
async function tabTo(page: Page, target: Locator, maxPresses = 400): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error(`${maxPresses} presses of Tab never reached ${target}`)
}

test(
  'a long history: /stats shows the first 12 miss tables and 50 card rows, and "Show all" reaches the rest from the keyboard',
  walkthrough('tests/pg/plan-stats-on-pg.test.ts'),
  async ({ page }) => {
    await page.goto('/stats')
    const imported = await page.request.post('/api/import', {
      data: JSON.stringify(manyCardsFile(Date.now(), 60)),
      headers: { 'content-type': 'application/json' },
    })
    expect(imported.status()).toBe(200)
    await page.goto('/stats')
    const missTables = page.getByTestId('stats-misses').locator('table')
    const cardRows = page.getByTestId('stats-cards').locator('tbody tr')
    await expect(missTables).toHaveCount(12)
    await expect(cardRows).toHaveCount(50)
    const allCards = Number(
      /of your (\d+) cards/.exec((await page.getByTestId('cards-shown').textContent()) ?? '')?.[1],
    )
    expect(allCards).toBeGreaterThanOrEqual(60)
    // The card nearest due is among the rows shown; the one due last (day 60) waits behind the link.
    const cardsTable = page.getByTestId('stats-cards')
    await expect(cardsTable.locator('tr[data-card-id="long-history-1"]')).toHaveCount(1)
    await expect(cardsTable.locator('tr[data-card-id="long-history-60"]')).toHaveCount(0)

    const showAllMisses = page.getByRole('link', { name: 'Show all 60 reviewed cards' })
    await tabTo(page, showAllMisses)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/stats\?misses=all#stats-misses-title$/)
    await expect(missTables).toHaveCount(60)
    await expect(cardRows).toHaveCount(50)

    // From the misses it opened, Tab goes on to the cards' link; Enter keeps the misses open.
    const showAllCards = page.getByRole('link', { name: `Show all ${allCards} cards` })
    await tabTo(page, showAllCards)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/stats\?misses=all&cards=all#stats-cards-title$/)
    await expect(cardRows).toHaveCount(allCards)
    await expect(cardsTable.locator('tr[data-card-id="long-history-60"]')).toHaveCount(1)
    await expect(missTables).toHaveCount(60)
    await expect(page.getByTestId('cards-shown')).toHaveCount(0)
    await expect(page.getByTestId('misses-shown')).toHaveCount(0)
  },
)
