// The interview plan end to end, with the test clock (Europe/Berlin, study days from
// 04:00): a date 10 study days ahead set by keyboard, every card graded Easy on day 0,
// then /plan and /api/plan (every due before the interview), Help me decide and
// "Use this retention" by keyboard, the day after the interview (plain FSRS again,
// checked against a learner without a date), the optimizer on an imported history,
// bad dates, axe on /plan, and a collection longer than a table shows (Show all).
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { legacyPackage } from '../tests/anki/build'
import { largeCollection } from '../tests/anki/large'
import { type BrowserContext, expect, setNow, storedTimezone, test } from './fixtures'
import { walkthrough } from './postgres-names'
import { studyHistoryFile } from './study-history'

test.use({ timezoneId: 'Europe/Berlin', locale: 'en-GB' })

const day0 = '2026-03-10T10:00:00Z' // 11:00 in Berlin, study day 10 Mar
const interviewDate = '2026-03-20' // 10 study days ahead
const dayBeforeInterviewStart = Date.parse('2026-03-19T03:00:00Z') // 04:00 CET on 19 Mar
const dayAfterInterview = '2026-03-21T10:00:00Z'

interface PlanBody {
  interviewDate: string | null
  daysLeft: number | null
  expectedRecall: number | null
  expectedRecallWithPlan: number | null
  status: string
  cards: {
    cardId: string
    title: string
    state: string
    stability: number | null
    difficulty: number | null
    lastReviewAt: string | null
    nextDueAt: string | null
    recallAtInterview: number | null
  }[]
}

async function scan(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([])
}

async function plan(request: APIRequestContext): Promise<PlanBody> {
  const response = await request.get('/api/plan')
  expect(response.status()).toBe(200)
  return (await response.json()) as PlanBody
}

let attempt = 0
async function gradeOverHttp(request: APIRequestContext, cardId: string, rating: 1 | 2 | 3 | 4) {
  const response = await request.post('/api/review/grade', {
    data: {
      cardId,
      attemptToken: `plan-e2e-${++attempt}-${cardId}`.slice(0, 100),
      rating,
      pointsTicked: [],
      durationMs: 15_000,
      answerMode: 'aloud',
    },
  })
  expect(response.status(), `grade ${cardId}`).toBe(201)
  return (await response.json()) as { due: string }
}

/** Opens /review once so the learner (and the browser's zone) is stored, as every first visit does. */
async function startLearner(page: Page, context: BrowserContext, now: string) {
  await setNow(context, now)
  await page.goto('/review')
  await expect(page.getByTestId('review-card').or(page.getByTestId('review-done'))).toBeVisible()
  // /review paints its first card before the browser's zone is stored: a /settings opened (or a
  // grade sent) before that would be drawn in (and save) the default zone, an hour off Berlin's days.
  await expect.poll(() => storedTimezone(page)).not.toBeNull()
}

/**
 * Every card of every deck (64 built in) may start today: a learner who means to study the whole
 * field raises "New cards per day" (the default 20 would refuse the 21st new card as not due).
 */
async function startEveryCardToday(page: Page) {
  await page.goto('/settings')
  await page.getByLabel('New cards per day').fill('100')
  await page.getByLabel('New cards per day').press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()
}

/** Types the interview date with the keyboard and submits the settings form with Enter. */
async function setInterviewDate(page: Page, date: string) {
  await page.goto('/settings')
  const field = page.getByLabel('Interview date')
  await field.focus()
  await page.keyboard.press('Control+a')
  await page.keyboard.press('Delete')
  await page.keyboard.type(date)
  await page.keyboard.press('Enter')
}

test(
  'a date 10 study days ahead: Easy on every card on day 0, every due before the interview; after it, plain FSRS',
  walkthrough('tests/pg/plan-stats-on-pg.test.ts'),
  async ({ page, context, browser }) => {
    test.setTimeout(180_000)
    await startLearner(page, context, day0)
    await startEveryCardToday(page)
    await setInterviewDate(page, interviewDate)
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()

    await page.goto('/')
    await expect(page.getByTestId('interview-countdown')).toHaveText('10 days to your interview')
    await expect(page.getByTestId('interview-readiness')).toHaveText(/^\d+%$/)

    // The first card by keyboard: Space reveals, 4 grades Easy; its Easy button already shows the window.
    await page.goto('/review')
    await expect(page.getByTestId('review-card')).toHaveAttribute('data-card-id', 'idempotency-keys')
    await page.keyboard.press('Space')
    const easy = page.getByRole('button', { name: /^Easy/ })
    const days = Number(/(\d+) days?/.exec((await easy.textContent()) ?? '')?.[1])
    expect(days).toBeLessThanOrEqual(9)
    await page.keyboard.press('4')
    await expect(page.getByTestId('review-card')).not.toHaveAttribute('data-card-id', 'idempotency-keys')

    // Every other card, Easy, over HTTP; a learner without a date grades the same cards the same way.
    const control = await browser.newContext({ timezoneId: 'Europe/Berlin', locale: 'en-GB' })
    const controlPage = await control.newPage()
    await startLearner(controlPage, control, day0)
    await startEveryCardToday(controlPage)
    const cards = (await plan(page.request)).cards
    expect(cards.length).toBeGreaterThanOrEqual(7)
    const plainDue = new Map<string, string>()
    // A few cards at a time, both learners at once: each grade's due depends on its own card only.
    for (let i = 0; i < cards.length; i += 4) {
      await Promise.all(
        cards.slice(i, i + 4).map(async ({ cardId }) => {
          const [, plain] = await Promise.all([
            cardId === 'idempotency-keys' ? undefined : gradeOverHttp(page.request, cardId, 4),
            gradeOverHttp(controlPage.request, cardId, 4),
          ])
          plainDue.set(cardId, plain.due)
        }),
      )
    }

    const body = await plan(page.request)
    expect(body).toMatchObject({ interviewDate, daysLeft: 10, status: 'ahead' })
    expect(body.expectedRecall).toBeGreaterThan(0)
    expect(body.expectedRecallWithPlan).toBeGreaterThanOrEqual(body.expectedRecall ?? 1)
    for (const card of body.cards) {
      expect(card.lastReviewAt, card.cardId).not.toBeNull()
      expect(Date.parse(card.nextDueAt ?? ''), `${card.cardId} due ${card.nextDueAt}`).toBeLessThanOrEqual(
        dayBeforeInterviewStart,
      )
      expect(card.recallAtInterview).toBeGreaterThan(0)
    }
    // Some plain dues would have fallen on or after the interview day: those were brought forward.
    const movedByPlan = body.cards.filter((card) => card.nextDueAt !== plainDue.get(card.cardId))
    // Fuzz is seeded by the card id, so which cards plain FSRS puts on the interview day is fixed: some are.
    expect(movedByPlan.length).toBeGreaterThan(0)
    for (const card of movedByPlan)
      expect(Date.parse(plainDue.get(card.cardId) ?? '')).toBeGreaterThan(dayBeforeInterviewStart)

    // /plan: the same numbers, the chart to the interview, the moves explained; axe clean; fits a phone.
    await page.goto('/plan')
    await expect(page.getByTestId('interview-countdown')).toHaveText('10 days to your interview')
    await expect(page.getByTestId('plan-cards').getByRole('row')).toHaveCount(body.cards.length + 1)
    await expect(page.getByTestId('plan-reviews')).toContainText('interview')
    await expect(page.getByTestId('brought-forward')).toHaveCount(movedByPlan.length)
    if (movedByPlan.length > 0)
      await expect(page.getByTestId('brought-forward').first()).toContainText(
        /brought forward from \d+ \w+ so it is reviewed before your interview/,
      )
    await expect(page.getByTestId('plan-not-started')).toContainText('None')
    await scan(page)

    // Help me decide and Use this retention, keyboard only.
    const helpButton = page.getByRole('button', { name: 'Help me decide' })
    await helpButton.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/decide=1/)
    await expect(page.getByTestId('decide')).toContainText('Minutes per day')
    await expect(page.getByTestId('decide')).toContainText('current 0.90')
    const select = page.getByLabel('Retention to use')
    await expect(select.locator('option')).toHaveCount(28)
    await expect(select).toHaveValue('0.90')
    await select.focus()
    await page.keyboard.press('ArrowDown')
    await expect(select).toHaveValue('0.91')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Use this retention' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('retention-status')).toContainText('Desired retention set to 0.91')
    await scan(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/plan')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.setViewportSize({ width: 1280, height: 720 })
    await page.goto('/settings')
    await expect(page.getByLabel('Desired retention')).toHaveValue('0.91')

    // The day after the interview: no countdown, plain FSRS again (the same grade as the learner without a date).
    await setNow(context, dayAfterInterview)
    await setNow(control, dayAfterInterview)
    await page.goto('/')
    await expect(page.getByTestId('interview-countdown')).toHaveCount(0)
    const after = await plan(page.request)
    expect(after).toMatchObject({ interviewDate, daysLeft: -1, status: 'passed', expectedRecall: null })
    await page.goto('/plan')
    await expect(page.getByTestId('plan-passed')).toContainText(/Your interview was on Fri,? 20 Mar 2026/)
    // Put the control learner on the same desired retention, then grade one card in both.
    await controlPage.goto('/settings')
    await controlPage.getByLabel('Desired retention').fill('0.91')
    await controlPage.getByRole('button', { name: 'Save settings' }).click()
    await expect(controlPage.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()
    for (const cardId of ['idempotency-keys', 'in-flight-retry']) {
      const planned = await gradeOverHttp(page.request, cardId, 3)
      const plain = await gradeOverHttp(controlPage.request, cardId, 3)
      expect(planned.due, cardId).toBe(plain.due)
    }
    await control.close()
  },
)

test(
  'the optimizer: disabled with its reason for a new learner; on an imported history of 300 reviews it scores both sets',
  walkthrough('tests/pg/plan-stats-on-pg.test.ts'),
  async ({ page, context }) => {
    test.setTimeout(120_000)
    await startLearner(page, context, day0)
    await page.goto('/settings')
    const button = page.getByRole('button', { name: 'Optimize my parameters' })
    await expect(button).toBeDisabled()
    await expect(page.getByTestId('optimize-count')).toContainText('0 training items')
    await expect(page.getByTestId('optimize-count')).toContainText('needs at least 50')
    const empty = await page.request.post('/api/fsrs/optimize')
    expect(empty.status()).toBe(422)
    expect(empty.headers()['content-type']).toContain('application/problem+json')
    expect(await empty.json()).toMatchObject({ items: 0, minimum: 50 })

    const history = studyHistoryFile({
      reviews: 300,
      cards: 30,
      startMs: Date.parse('2025-10-01T00:00:00Z'),
      seed: 29,
    })
    const imported = await page.request.post('/api/import', { data: history })
    expect(imported.status()).toBe(200)
    expect((await imported.json()).imported.reviewLogsAdded).toBe(300)

    // A malformed request changes nothing.
    const parametersNow = async () =>
      (await (await page.request.get('/api/export')).json()).settings?.fsrsParameters ?? null
    const before = await parametersNow()
    const malformed = await page.request.post('/api/fsrs/optimize', { data: { reviews: 'not a history' } })
    expect(malformed.status()).toBe(400)
    expect(malformed.headers()['content-type']).toContain('application/problem+json')
    expect(await parametersNow()).toEqual(before)

    // By keyboard on /settings: the count, the run, both scores.
    await page.goto('/settings')
    await expect(page.getByTestId('optimize-count')).toContainText('270 training items')
    await expect(button).toBeEnabled()
    await button.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('optimize-result')).toContainText('Trained on 270 items', {
      timeout: 60_000,
    })
    await expect(page.getByTestId('optimize-before')).toContainText(
      /log loss 0\.\d{4}, RMSE\(bins\) \d+\.\d{2}%/,
    )
    await expect(page.getByTestId('optimize-after')).toContainText(
      /log loss 0\.\d{4}, RMSE\(bins\) \d+\.\d{2}%/,
    )
    await expect(page.getByTestId('optimize-result')).toContainText(/kept/)

    // Over HTTP: the contract.
    const response = await page.request.post('/api/fsrs/optimize')
    expect(response.status()).toBe(200)
    const result = (await response.json()) as {
      items: number
      before: { logLoss: number; rmseBins: number }
      after: { logLoss: number; rmseBins: number }
      kept: string
      parameters: number[]
    }
    expect(result.items).toBe(270)
    for (const scores of [result.before, result.after]) {
      expect(scores.logLoss).toBeGreaterThan(0)
      expect(scores.rmseBins).toBeGreaterThan(0)
    }
    expect(['new', 'old']).toContain(result.kept)
    expect(result.parameters).toHaveLength(21)
    // The parameters in use (the defaults when none are stored) travel in the export.
    expect((await parametersNow()) ?? result.parameters).toEqual(result.parameters)
  },
)

test(
  'bad interview dates: a clear field error each, nothing saved',
  walkthrough('tests/pg/plan-stats-on-pg.test.ts'),
  async ({ page, context }) => {
    await startLearner(page, context, day0)
    for (const [date, message] of [
      ['2026-03-09', /in the past/],
      ['next friday', /YYYY-MM-DD/],
      ['2026-02-30', /YYYY-MM-DD/],
      ['2028-03-11', /at most two years ahead/],
    ] as const) {
      await page.goto('/settings')
      await page.getByLabel('New cards per day').fill('7')
      await page.getByLabel('Interview date').fill(date)
      await page.getByRole('button', { name: 'Save settings' }).click()
      await expect(page.locator('#interviewDate-error')).toContainText(message)
      await expect(page.getByLabel('Interview date')).toHaveAttribute('aria-invalid', 'true')
      await page.goto('/settings')
      await expect(page.getByLabel('Interview date')).toHaveValue('')
      await expect(page.getByLabel('New cards per day')).toHaveValue('20')
    }
    expect((await plan(page.request)).interviewDate).toBeNull()
    // Today and two years ahead are fine; clearing removes the plan.
    await setInterviewDate(page, '2028-03-10')
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()
    expect(await plan(page.request)).toMatchObject({ interviewDate: '2028-03-10', daysLeft: 731 })
    await setInterviewDate(page, '2026-03-10')
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()
    await page.goto('/')
    await expect(page.getByTestId('interview-countdown')).toHaveText('Today is your interview')
    await page.goto('/settings')
    await page.getByLabel('Interview date').fill('')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()
    expect((await plan(page.request)).interviewDate).toBeNull()
    await page.goto('/plan')
    await expect(page.getByText('No interview date yet.')).toBeVisible()
    await scan(page)
  },
)

test('a long collection: each plan table shows its first 100 rows, the weakest studied cards first, and Show all shows every row', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await startLearner(page, context, day0)
  // 150 cards studied in January (Anki's review log), 60 never studied: with the 64 built-in
  // cards, more rows than a table shows in both tables.
  for (const [deck, notes, reviewsPerNote, guidPrefix] of [
    ['Studied deck', 150, 3, 'studied'],
    ['New deck', 60, 0, 'new'],
  ] as const) {
    const response = await page.request.post('/api/own-cards/import-anki', {
      multipart: {
        file: {
          name: `${deck}.apkg`,
          mimeType: 'application/octet-stream',
          buffer: Buffer.from(legacyPackage(largeCollection(notes, { deck, reviewsPerNote, guidPrefix }))),
        },
      },
    })
    expect(response.status(), await response.text()).toBe(200)
  }
  await setInterviewDate(page, interviewDate)
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()
  const body = await plan(page.request)
  const studied = body.cards.filter((card) => card.lastReviewAt !== null).length
  const notStarted = body.cards.length - studied
  expect(studied).toBe(150)
  expect(notStarted).toBeGreaterThan(100)

  await page.goto('/plan')
  const cards = page.getByTestId('plan-cards')
  await expect(cards.getByRole('row')).toHaveCount(101)
  await expect(page.getByTestId('plan-cards-shown')).toHaveText(
    'The 100 of your 150 studied cards with the lowest recall on the day, weakest first. Show all 150 studied cards.',
  )
  // Weakest first: the "With the plan" column never falls down the table.
  const withPlan = (await cards.locator('tbody tr td:nth-of-type(3)').allTextContents()).map((text) =>
    Number.parseInt(text, 10),
  )
  expect(withPlan).toEqual([...withPlan].sort((a, b) => a - b))
  const newTable = page.getByTestId('plan-not-started')
  await expect(newTable.getByRole('row')).toHaveCount(101)
  await expect(page.getByTestId('plan-not-started-shown')).toContainText(
    `The 100 of your ${notStarted} cards not started that start first`,
  )
  await scan(page)

  // Show all studied cards, then all cards not started: each link keeps what the other shows.
  await page.getByTestId('plan-cards-show-all').click()
  await expect(page).toHaveURL(/\/plan\?cards=all#plan-cards-title$/)
  await expect(cards.getByRole('row')).toHaveCount(151)
  await expect(page.getByTestId('plan-cards-shown')).toHaveCount(0)
  await page.getByTestId('plan-not-started-show-all').click()
  await expect(page).toHaveURL(/\/plan\?cards=all&new=all#plan-new-title$/)
  await expect(cards.getByRole('row')).toHaveCount(151)
  await expect(newTable.getByRole('row')).toHaveCount(notStarted + 1)
})
