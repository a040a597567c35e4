// The mock interview in a real browser, answers typed: the follow-up asked first follows the
// biggest gap the grader heard, the report names a wrong order with See it fail, Save grades
// records one review per card asked however often it is pressed or the page reloaded, and
// another learner (a fresh browser context) gets the 404 page. Stores study data: runs on both
// projects (sqlite, postgres).
import AxeBuilder from '@axe-core/playwright'
import type { Locator } from '@playwright/test'
import { allCards } from '@/lib/content/cards'
import { BUILT_IN_DECKS } from '@/lib/content/decks'
import { expect, type Page, setDeckSwitches, setNow, storedTimezone, test } from './fixtures'
import { walkthrough } from './postgres-names'

test.use({ timezoneId: 'Europe/Berlin', locale: 'en-GB' })

const CORRECT_WITHOUT_BODY_AND_EXPIRY =
  'The client sends an idempotency key, a UUID per logical operation, the same key on every retry. First the server claims the key with one atomic insert, status in progress with a hash of the body, and only once that row is committed do we call the provider. A later retry gets the stored response replayed.'
const CHARGE_FIRST =
  'I would charge the card first and then insert the idempotency key with on conflict do nothing. Retries get the stored response replayed.'

async function scan(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([])
}

/** Starts the default question from /mock and answers the walk-through with `text`. */
async function startAndAnswer(page: Page, text: string) {
  await page.goto('/')
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mock' }),
  ).toHaveAttribute('href', '/mock')
  await page.getByRole('main').getByRole('link', { name: 'Mock interview' }).click()
  await expect(page.getByLabel('Question')).toHaveValue('idempotency-keys')
  await page.getByRole('button', { name: 'Start' }).click()
  await expect(page.getByTestId('mock-question')).toContainText('create-payment endpoint')
  await expect(page.getByTestId('mock-target')).toHaveText('3:00')
  await expect(page.getByRole('timer')).toBeVisible()
  await page.getByLabel('Or type your answer').fill(text)
  await page.getByRole('button', { name: 'Next' }).click()
}

/** Presses Tab until `target` has the focus (at most five times). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 5 && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(target).toBeFocused()
}

async function logsPerCard(page: Page): Promise<Record<string, number>> {
  const file = (await (await page.request.get('/api/export')).json()) as { reviewLogs: { cardId: string }[] }
  const counts: Record<string, number> = {}
  for (const log of file.reviewLogs) counts[log.cardId] = (counts[log.cardId] ?? 0) + 1
  return counts
}

test(
  'an answer without the body check and expiry is asked the expiry, scope and body follow-up first (keyboard only)',
  walkthrough('tests/mock/save-grades.test.ts'),
  async ({ page, context }) => {
    await setNow(context, '2026-03-10T10:00:00Z')
    await startAndAnswer(page, CORRECT_WITHOUT_BODY_AND_EXPIRY)
    await expect(page.getByRole('heading', { name: 'Follow-up 1' })).toBeFocused()
    await expect(page.getByTestId('mock-question')).toContainText('how long do you keep a key')
    await scan(page)
    // Keyboard only from here: Tab to the answer box (past the recorder), type, Tab to Next, Enter.
    await tabTo(page, page.getByLabel('Or type your answer'))
    await page.keyboard.type('Keys live twenty four hours, scoped per account, and a changed body gets 422.')
    await tabTo(page, page.getByRole('button', { name: 'Next' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Follow-up 2' })).toBeFocused()
    // Leaving mid-way stores nothing.
    await page.goto('/mock')
    await expect(page.getByText('None yet.')).toBeVisible()
  },
)

test(
  'a charge-first answer: a claim-before-charge follow-up first, the report names the wrong order, grades saved once, private to the learner',
  walkthrough('tests/mock/save-grades.test.ts'),
  async ({ page, context, browser }) => {
    test.setTimeout(90_000)
    await setNow(context, '2026-03-10T10:00:00Z')
    await startAndAnswer(page, CHARGE_FIRST)
    await expect(page.getByTestId('mock-question')).toContainText(
      'does not take part in your database transaction',
    )
    const asked = ['idempotency-keys', 'provider-outside-transaction']
    await page
      .getByLabel('Or type your answer')
      .fill('We commit the claim row before calling the provider and send our own key.')
    // Next through the remaining follow-ups to "anything to add?", then Finish.
    for (let i = 0; i < 3 && (await page.getByRole('button', { name: 'Next' }).isVisible()); i++) {
      await page.getByRole('button', { name: 'Next' }).click()
      await expect(page.getByTestId('mock-question')).toBeVisible()
    }
    await expect(page.getByTestId('mock-question')).toHaveText('Anything to add?')
    await expect(page.getByTestId('mock-target')).toHaveText('0:30')
    await page.getByRole('button', { name: 'Finish' }).click()

    await expect(page).toHaveURL(/\/mock\/[0-9a-f-]{36}$/)
    const report = page.getByTestId('mock-report')
    await expect(report).toBeVisible()
    const walkthrough = report.getByTestId('mock-phase').first()
    await expect(walkthrough.getByTestId('mock-said')).toHaveText(CHARGE_FIRST)
    await expect(walkthrough.getByTestId('point-contradiction')).toContainText(
      /charge comes before the key is stored/i,
    )
    await expect(walkthrough.getByRole('link', { name: 'See it fail' })).toHaveAttribute(
      'href',
      /^\/sandbox\?s=/,
    )
    await expect(walkthrough.getByTestId('point-evidence').first()).toContainText('stored')
    await expect(walkthrough.getByTestId('mock-phase-time')).toContainText('used of 3:00')
    const cards = report.getByTestId('mock-card-grade')
    const cardCount = await cards.count()
    expect(cardCount).toBeGreaterThanOrEqual(asked.length)
    await expect(cards.first()).toContainText('suggested Again')
    await expect(report.getByTestId('mock-points-made')).toContainText(/\d+ of \d+ points made/)
    await scan(page)

    // Save grades: once, twice, reload — one review per card asked.
    await page.getByRole('button', { name: 'Save grades' }).click()
    await expect(page.getByTestId('save-grades-status')).toHaveText(
      `Grades saved: ${cardCount} reviews recorded.`,
    )
    await page.getByRole('button', { name: 'Save grades' }).click()
    await expect(page.getByTestId('save-grades-status')).toHaveText(
      'Already saved: nothing more was recorded.',
    )
    await page.reload()
    await expect(page.getByTestId('save-grades-status')).toHaveText(
      'Grades saved: one review per card asked.',
    )
    const counts = await logsPerCard(page)
    expect(Object.values(counts)).toEqual(Array(cardCount).fill(1))
    for (const id of asked) expect(counts[id]).toBe(1)
    // A retried request records nothing either; a card the learner does not have is refused.
    const url = new URL(page.url())
    const retry = await page.request.post(`/api/mock/${url.pathname.split('/').at(-1)}/grades`, {
      data: { ratings: [] },
    })
    expect(retry.status()).toBe(200)
    const foreign = await page.request.post(`${url.pathname.replace('/mock/', '/api/mock/')}/grades`, {
      data: { ratings: [{ cardId: 'no-such-card', rating: 3 }] },
    })
    expect(foreign.status()).toBe(404)
    expect(foreign.headers()['content-type']).toContain('application/problem+json')
    expect(await logsPerCard(page)).toEqual(counts)

    // Readable on a phone; listed on /mock.
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.goto('/mock')
    await expect(page.getByTestId('mock-list').getByRole('link')).toHaveCount(1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    // Another learner (a fresh browser context) gets the 404 page, for this mock and an unknown one.
    const stranger = await browser.newContext()
    const other = await stranger.newPage()
    const seen = await other.goto(url.toString())
    expect(seen?.status()).toBe(404)
    await expect(other.getByRole('heading', { name: 'Not found' })).toBeVisible()
    await expect(other.getByTestId('mock-report')).toHaveCount(0)
    expect(
      (await other.goto(new URL('/mock/00000000-0000-4000-8000-000000000000', url).toString()))?.status(),
    ).toBe(404)
    await stranger.close()
  },
)

test(
  'the main question: any card with follow-ups, grouped by topic; Surprise me draws from the decks switched on',
  walkthrough('tests/mock/save-grades.test.ts'),
  async ({ page, context }) => {
    const cards = allCards()
    const topicMain = cards.find((card) => card.deck !== 'idempotency' && card.followUps.length > 0)
    test.skip(!topicMain, 'needs a topic card with follow-ups')
    if (!topicMain) return
    const deckTitle = BUILT_IN_DECKS.find((deck) => deck.id === topicMain.deck)?.title ?? ''
    await setNow(context, '2026-03-10T10:00:00Z')
    // The first visit stores the browser's zone (the deck switches below are saved after it).
    await page.goto('/review')
    await expect(page.getByTestId('review-card').or(page.getByTestId('review-done'))).toBeVisible()
    await expect.poll(() => storedTimezone(page), { timeout: 30_000 }).toBe('Europe/Berlin')

    // Picked: a topic's question, listed under its topic.
    await page.goto('/mock')
    const question = page.getByLabel('Question')
    await expect(
      question.locator(`optgroup[label="${deckTitle}"] option[value="${topicMain.id}"]`),
    ).toHaveCount(1)
    await question.selectOption(topicMain.id)
    await page.getByRole('button', { name: 'Start' }).click()
    await expect(page.getByTestId('mock-question')).toHaveAttribute('data-card-id', topicMain.id)

    // Surprise me, with only that topic's deck on: always one of its questions with follow-ups.
    await setDeckSwitches(page, { [deckTitle]: true }, false)
    const inDeck = cards
      .filter((card) => card.deck === topicMain.deck && card.followUps.length > 0)
      .map((c) => c.id)
    for (let round = 0; round < 3; round++) {
      await page.goto('/mock')
      await page.getByRole('button', { name: 'Surprise me' }).click()
      const asked = await page.getByTestId('mock-question').getAttribute('data-card-id')
      expect(inDeck).toContain(asked)
    }

    // Every deck off: nothing to draw from, and the page says so.
    await setDeckSwitches(page, { [deckTitle]: false })
    await page.goto('/mock')
    await expect(page.getByRole('button', { name: 'Surprise me' })).toBeDisabled()
    await expect(page.getByText('No deck switched on has a question with follow-ups.')).toBeVisible()
  },
)
