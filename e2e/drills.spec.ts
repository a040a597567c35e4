// Timeline drills in a real browser: the lost-response retry question answered right
// and wrong (keyboard only), the reveal, the /cards listing, and axe.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, setDeckSwitches, setNow, test } from './fixtures'
import { NO_DB_TAG, walkthrough } from './postgres-names'

const RETRY_QUESTION = 'What does the retry at 10:00:02.100 get?'
const RIGHT = 'The stored 201 for payment 88 is replayed; the provider is not called.'

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([])
}

/** Focuses the radio with `text` using the keyboard only (Tab into the group, arrows inside it). */
async function pickWithKeyboard(page: Page, question: string, text: string) {
  const group = page.getByRole('radiogroup', { name: question })
  const target = group.getByRole('radio', { name: text, exact: true })
  await group.getByRole('radio').first().focus()
  for (let i = 0; i < 6 && !(await target.isChecked()); i++) {
    // Arrow keys move and select within a native radio group.
    if (i === 0) await page.keyboard.press('Space')
    else await page.keyboard.press('ArrowDown')
  }
  await expect(target).toBeChecked()
}

test('lost-response drill: the right answer is Correct, a wrong one is Not quite and reveals the real step', {
  tag: NO_DB_TAG,
}, async ({ page }) => {
  await page.goto('/cards')
  const listed = page.getByRole('region', { name: 'Timeline drills' }).getByRole('link', { name: /lost/i })
  await expect(listed).toHaveAttribute('href', '/drills/lost-response')

  await page.goto('/drills/lost-response')
  const group = page.getByRole('radiogroup', { name: RETRY_QUESTION })
  await expect(group).toBeVisible()
  const options = await group.getByRole('radio').all()
  expect(options.length).toBeGreaterThanOrEqual(3)
  await expect(group).toContainText('the provider charges again')
  await expect(group).toContainText('409')
  // Later steps are hidden: the event log stops at the retry.
  const log = page.getByRole('group').filter({ hasText: 'Event log' }).or(page.locator('details'))
  await expect(log.first()).not.toContainText('replays the stored 201')
  await axeClean(page)

  await pickWithKeyboard(page, RETRY_QUESTION, RIGHT)
  await page.keyboard.press('Enter')
  const status = page.getByRole('status').filter({ hasText: /Correct|Not quite/ })
  await expect(status).toHaveText(/^Correct/)
  await expect(status).toContainText('payment 88')
  await expect(page.locator('details').first()).toContainText('replays the stored 201')
  await expect(page.getByRole('button', { name: 'Next' })).toBeFocused()
  await axeClean(page)

  // A fresh attempt, answered wrong: Not quite, and the real step is revealed.
  await page.reload()
  const wrongText = await page
    .getByRole('radiogroup', { name: RETRY_QUESTION })
    .locator('label')
    .filter({ hasText: /^409/ })
    .textContent()
  await pickWithKeyboard(page, RETRY_QUESTION, (wrongText ?? '').trim())
  await page.keyboard.press('Enter')
  await expect(status).toHaveText(/^Not quite/)
  await expect(status).toContainText(RIGHT)
  await expect(page.locator('details').first()).toContainText('replays the stored 201')

  // Next, keyboard only, through the rest of the round.
  for (let i = 0; i < 5; i++) {
    const next = page.getByRole('button', { name: /^(Next|Finish)$/ })
    await expect(next).toBeFocused()
    const finishing = (await next.textContent()) === 'Finish'
    await page.keyboard.press('Enter')
    if (finishing) break
    const radio = page.getByRole('radio').first()
    await expect(radio).toBeFocused()
    await page.keyboard.press('Space')
    await page.keyboard.press('Enter')
    await expect(status).toHaveText(/^(Correct|Not quite)/)
  }
  await expect(status).toContainText(/You got \d of \d right/)
})

test('store-after-charge drill: spot the second charge, then the invariant it breaks, "I1 — one charge per intent"', {
  tag: NO_DB_TAG,
}, async ({ page }) => {
  await page.goto('/drills/store-after-charge')
  const status = page.getByRole('status').filter({ hasText: /Correct|Not quite/ })
  const asked: string[] = []
  for (let i = 0; i < 6; i++) {
    const group = page.getByRole('radiogroup')
    // The group's accessible name: the question it is labelled by.
    const question = await group.evaluate(
      (g) => document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
    )
    asked.push(question)
    if (question.startsWith('Spot the bug')) {
      await group.getByRole('radio', { name: /ch_0002/ }).check()
    } else if (question.startsWith('Which invariant')) {
      await group.getByRole('radio', { name: 'I1 — one charge per intent', exact: true }).check()
    } else await group.getByRole('radio').first().check()
    await page.getByRole('button', { name: 'Check' }).click()
    if (/^(Spot the bug|Which invariant)/.test(question)) {
      await expect(status).toHaveText(/^Correct/)
      if (question.startsWith('Which invariant'))
        await expect(status).toContainText('I1 — one charge per intent')
    } else await expect(status).toHaveText(/^(Correct|Not quite)/)
    const next = page.getByRole('button', { name: /^(Next|Finish)$/ })
    const finishing = (await next.textContent()) === 'Finish'
    await next.click()
    if (finishing) break
  }
  expect(asked.some((q) => q.startsWith('Spot the bug'))).toBe(true)
  expect(asked.some((q) => q.startsWith('Which invariant'))).toBe(true)
})

test('a drill page respects reduced motion: nothing on it animates or transitions', {
  tag: NO_DB_TAG,
}, async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/drills/lost-response')
  await expect(page.getByRole('radiogroup', { name: RETRY_QUESTION })).toBeVisible()
  // After checking, the reveal moves the timeline on: still no motion.
  await page.getByRole('radiogroup', { name: RETRY_QUESTION }).getByRole('radio', { name: RIGHT }).check()
  await page.getByRole('button', { name: 'Check' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Correct/ })).toBeVisible()
  const moving = await page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .map((el) => {
        const style = getComputedStyle(el)
        const longest = (list: string) => Math.max(...list.split(',').map((d) => Number.parseFloat(d) || 0))
        // Durations are in seconds here ("0.2s", or "1e-05s" for the reduced 0.01 ms).
        return {
          tag: el.tagName,
          ms: 1000 * Math.max(longest(style.transitionDuration), longest(style.animationDuration)),
        }
      })
      .filter((el) => el.ms > 1),
  )
  expect(moving).toEqual([])
})

test("a drill with twenty clients keeps its timeline legible: shared lanes first, scrolled sideways instead of shrunk, its box scrolled to the question's step", {
  tag: NO_DB_TAG,
}, async ({ page }) => {
  await page.goto('/drills/crash-many-in-flight')
  const diagram = page.getByRole('region', { name: /: diagram$/ })
  await expect(diagram).toBeVisible()
  // Drawn at no less than 0.7 of its natural size (11 px labels at about 8 px, as on a card).
  const scale = await diagram
    .locator('svg[role="img"]')
    .evaluate((svg) => svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width)
  expect(scale).toBeGreaterThanOrEqual(0.69)
  const overflow = await diagram.evaluate((box) => box.scrollWidth - box.clientWidth)
  expect(overflow).toBeGreaterThan(0)
  // The shared lanes come first, so they are in view before any scrolling; the clients scroll.
  const inView = await diagram.evaluate((box) => {
    const right = box.getBoundingClientRect().right
    return [...box.querySelectorAll('svg text')]
      .filter((t) => t.getBoundingClientRect().right <= right)
      .map((t) => t.textContent)
  })
  expect(inView).toEqual(expect.arrayContaining(['Server 1', 'Database', 'Provider']))
  expect(inView).not.toContain('Client p20 (account 18)')
  await expect(diagram.locator('..').getByText('Scroll the diagram sideways to see every lane')).toBeVisible()
  // The question's step is row 182: the diagram's own box scrolls down to it; the page stays put.
  await expect
    .poll(() =>
      diagram.evaluate((box) => {
        const band = box.querySelector('[data-step-band]')?.getBoundingClientRect()
        const view = box.getBoundingClientRect()
        return band !== undefined && band.top >= view.top && band.bottom <= view.bottom
      }),
    )
    .toBe(true)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  // Keyboard only: the focused diagram scrolls with the arrow keys. Once the player has hydrated:
  // a press while the drawing still streams in can be cut short when the box re-follows the step.
  await expect(page.getByRole('button', { name: 'Step back' })).toBeEnabled()
  await diagram.focus()
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => diagram.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0)
  await axeClean(page)
})

test('/drills leads to the "Timeline drills" section of /cards', { tag: NO_DB_TAG }, async ({
  page,
  request,
}) => {
  const response = await request.get('/drills', { maxRedirects: 0 })
  expect(response.status()).toBe(308)
  expect(response.headers().location).toBe('/cards#timeline-drills')
  await page.goto('/drills')
  await expect(page).toHaveURL(/\/cards#timeline-drills$/)
  await expect(page.getByRole('heading', { name: 'Timeline drills' })).toBeInViewport()
})

/** Switches decks on /settings by their visible titles and saves. */
async function setDecks(page: Page, decks: Record<string, boolean>) {
  await page.goto('/settings')
  for (const [title, on] of Object.entries(decks)) {
    const box = page.getByRole('checkbox', { name: title, exact: true })
    if (on) await box.check()
    else await box.uncheck()
  }
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible()
}

const expectedRating = (wrong: number) => (wrong === 0 ? 'Good' : wrong === 1 ? 'Hard' : 'Again')

test(
  'a drill card in /review is answered question by question, graded with the suggested rating and scheduled; the deck switch removes drills',
  walkthrough('tests/pg/review-on-pg.test.ts'),
  async ({ page }) => {
    await setNow(page.context(), '2026-04-01T10:00:00Z')
    await page.goto('/review')
    await expect(page.getByTestId('review-card').or(page.getByTestId('review-done'))).toBeVisible()
    // Only the drills deck on: the queue starts with the first drill.
    await setDecks(page, { 'Idempotency keys': false, 'Timeline drills': true })
    await page.goto('/review')
    const card = page.getByTestId('review-card')
    await expect(card).toHaveAttribute('data-card-id', 'drill-lost-response')

    // Keyboard only: the retry question right, then whatever the first option is for the rest.
    await pickWithKeyboard(page, RETRY_QUESTION, RIGHT)
    await page.keyboard.press('Enter')
    const status = page.getByRole('status').filter({ hasText: /Correct|Not quite/ })
    await expect(status).toHaveText(/^Correct/)
    let wrong = 0
    for (let i = 0; i < 5; i++) {
      const next = page.getByRole('button', { name: /^(Next|Grade)$/ })
      await expect(next).toBeFocused()
      const grading = (await next.textContent()) === 'Grade'
      await page.keyboard.press('Enter')
      if (grading) break
      await expect(page.getByRole('radio').first()).toBeFocused()
      await page.keyboard.press('Space')
      await page.keyboard.press('Enter')
      await expect(status).toHaveText(/^(Correct|Not quite)/)
      if (/^Not quite/.test((await status.textContent()) ?? '')) wrong++
    }
    const suggested = expectedRating(wrong)
    await expect(page.getByTestId('suggested-rating')).toContainText(suggested)
    const button = page.getByRole('button', { name: new RegExp(`^${suggested}`) })
    await expect(button).toHaveAttribute('aria-describedby', 'suggested')
    await axeClean(page)
    await page.keyboard.press(String({ Again: 1, Hard: 2, Good: 3 }[suggested]))
    await expect(card).not.toHaveAttribute('data-card-id', 'drill-lost-response')

    // Scheduled: the review log and the card state carry the drill card.
    const exported = await (await page.request.get('/api/export')).json()
    const log = exported.reviewLogs.find((l: { cardId: string }) => l.cardId === 'drill-lost-response')
    expect(log.rating).toBe({ Again: 1, Hard: 2, Good: 3 }[suggested])
    expect(log.suggestedRating).toBe(log.rating)
    expect(log.pointsAll.length).toBe(3)
    expect(log.pointsTicked.length).toBe(3 - wrong)
    expect(log.pointsTicked).toContain('next')
    const state = exported.cardStates.find((s: { cardId: string }) => s.cardId === 'drill-lost-response')
    expect(state.dueMs).toBeGreaterThan(Date.parse('2026-04-01T10:00:00Z'))

    // The deck switch: drills off (and the idempotency and topic decks off) → nothing left to review.
    await setDeckSwitches(page, { 'Timeline drills': false }, false)
    await page.goto('/review')
    await expect(page.getByTestId('review-done')).toBeVisible()
    await setDeckSwitches(page, { 'Idempotency keys': true, 'Timeline drills': false }, true)
    await page.goto('/review')
    await expect(card).toHaveAttribute('data-card-id', 'idempotency-keys')

    // The switches travel with an export: a fresh learner who imports the file has drills off too.
    const withSwitches = await (await page.request.get('/api/export')).json()
    expect(withSwitches.settings.disabledDecks).toEqual(['timeline-drills'])
    // The fresh learner is made by a page visit first (as a browser would), so no request of the
    // old page can race the import for the new cookie.
    await page.context().clearCookies()
    await setNow(page.context(), '2026-04-01T10:00:00Z')
    await page.goto('/settings')
    await expect(page.getByRole('checkbox', { name: 'Timeline drills', exact: true })).toBeChecked()
    const imported = await page.request.post('/api/import', {
      data: JSON.stringify(withSwitches),
      headers: { 'content-type': 'application/json' },
    })
    expect(imported.status()).toBe(200)
    expect((await imported.json()).imported).toMatchObject({ settingsChanged: true, reviewLogsAdded: 1 })
    await page.reload()
    await expect(page.getByRole('checkbox', { name: 'Timeline drills', exact: true })).not.toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'Idempotency keys', exact: true })).toBeChecked()
  },
)
