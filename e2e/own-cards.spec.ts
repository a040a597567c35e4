// Own cards in a real browser against the production build: write one through
// the form (keyboard only), see it on /cards and in /review, grade it with its
// critical point missed, edit it, delete it; import a 20-card deck file twice,
// export it into a fresh learner; another learner sees none; learner Markdown
// renders inert. The server runs with DRILL_TEST_CLOCK=1 (`drill-now` cookie).
import AxeBuilder from '@axe-core/playwright'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { storedTimezone } from './fixtures'
import { walkthrough } from './postgres-names'

test.use({ timezoneId: 'Europe/Berlin', locale: 'en-GB' })

async function setNow(context: BrowserContext, iso: string) {
  const { hostname } = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1')
  await context.addCookies([{ name: 'drill-now', value: iso, domain: hostname, path: '/' }])
}

async function expectAxeClean(page: Page, where: string) {
  const axe = await new AxeBuilder({ page }).include('main').analyze()
  expect(axe.violations, where).toEqual([])
}

/** Focus a field by its label and type into it, as a keyboard user would after tabbing there. */
async function typeInto(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true })
  await field.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.type(text)
}

/** Switches the built-in decks off on /settings, so a new own card is the first one offered. */
async function onlyOwnDecks(page: Page) {
  // The first visit stores the browser's zone (and a /settings drawn before that is redrawn,
  // remounting its form): /review paints its first card before the zone is stored, so wait for it.
  await page.goto('/review')
  await expect(page.getByTestId('review-card').or(page.getByTestId('review-done'))).toBeVisible()
  await expect.poll(() => storedTimezone(page)).toBe('Europe/Berlin')
  await page.goto('/settings')
  const builtIn = page.getByRole('group', { name: 'Decks' }).getByLabel('Idempotency keys')
  await builtIn.focus()
  await page.keyboard.press('Space')
  await expect(builtIn).not.toBeChecked()
  // The timeline drills deck comes before own decks too.
  const drills = page.getByRole('group', { name: 'Decks' }).getByLabel('Timeline drills')
  await drills.focus()
  await page.keyboard.press('Space')
  await expect(drills).not.toBeChecked()
  // So do the built-in topic decks.
  const topics = page.getByRole('group', { name: 'Decks' }).locator('input[name="deck"]:not([value^="own:"])')
  for (const box of await topics.all()) await box.setChecked(false)
  await page.getByRole('button', { name: 'Save settings' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Settings saved.')).toBeVisible()
}

const evilAnswer = [
  '### Why a bucket',
  '',
  'Bursts are fine up to the bucket size. <img src=x onerror=alert(1)>',
  '',
  '[click me](javascript:alert(1)) and [the RFC](https://www.rfc-editor.org/rfc/rfc6585)',
].join('\n')

test(
  'write a card with the keyboard → /cards and /review → critical missed is Again → scheduled; edit; delete',
  walkthrough('tests/pg/cards-on-pg.test.ts'),
  async ({ page, context }) => {
    // One long journey (several page loads and axe runs) on a shared 2-core machine.
    test.setTimeout(180_000)
    const dialogs: string[] = []
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message())
      await dialog.dismiss()
    })
    await setNow(context, '2026-03-10T10:00:00Z')
    await onlyOwnDecks(page)

    await page.goto('/cards/new')
    await expect(page.getByRole('heading', { name: 'Write a card' })).toBeVisible()
    await expectAxeClean(page, 'empty form')

    // Invalid: an empty form shows errors next to the fields and saves nothing.
    await page.getByRole('button', { name: 'Save card' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('form-status')).toHaveText(
      'Nothing was saved: fix the fields marked below.',
    )
    await expect(page.locator('#title-error')).toHaveText('at least 3 characters')
    await expect(page.locator('#deck-error')).toHaveText('name the deck')
    await expect(page.locator('#point-1-error')).toHaveText('at least 3 characters')
    await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused()
    await expectAxeClean(page, 'form with errors')

    await typeInto(page, 'Title', 'Token bucket rate limiter')
    await typeInto(
      page,
      'Prompt',
      'Design a rate limiter for a public API so one client cannot starve the rest.',
    )
    await typeInto(page, 'Deck', 'Rate limiter')
    await typeInto(page, 'Point 1', 'A token bucket per client key')
    await typeInto(page, 'Point 2', 'Refill and take atomically in one store')
    await typeInto(page, 'Point 3', 'Answer 429 with Retry-After')
    await page.getByRole('button', { name: 'Add point' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByLabel('Point 4', { exact: true })).toBeFocused()
    await page.keyboard.type('Limits live in config, per plan')
    // Tick critical on point 1, then on point 2: at most one stays ticked.
    await page.getByLabel('Point 1 is critical').focus()
    await page.keyboard.press('Space')
    await page.getByLabel('Point 2 is critical').focus()
    await page.keyboard.press('Space')
    await expect(page.getByLabel('Point 1 is critical')).not.toBeChecked()
    await expect(page.getByLabel('Point 2 is critical')).toBeChecked()
    await typeInto(page, 'Cue phrases for point 1 (optional)', 'token bucket, bucket')
    await typeInto(page, 'Model answer', evilAnswer)

    // The live preview uses the same sanitizing render: the raw HTML is text, the javascript: link is dead.
    const preview = page.getByTestId('answer-preview')
    await expect(preview.getByRole('heading', { name: 'Why a bucket' })).toBeVisible()
    await expect(preview).toContainText('<img src=x onerror=alert(1)>')
    await expect(preview.locator('img')).toHaveCount(0)
    await expect(preview.getByRole('link', { name: 'the RFC' })).toHaveAttribute('href', /^https:/)
    await expect(preview.locator('a[href^="javascript" i]')).toHaveCount(0)

    await page.getByRole('button', { name: 'Save card' }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/cards\/token-bucket-rate-limiter$/)

    // The card page: points, critical marked, model answer inert.
    await expect(page.getByRole('heading', { level: 1, name: 'Token bucket rate limiter' })).toBeVisible()
    await expect(page.getByTestId('points').getByRole('listitem')).toHaveCount(4)
    await expect(page.locator('[data-point-id="p2"]')).toContainText('Critical point')
    const answer = page.getByTestId('model-answer')
    await expect(answer).toContainText('<img src=x onerror=alert(1)>')
    await expect(answer.locator('img')).toHaveCount(0)
    await expect(answer.getByText('click me')).toBeVisible()
    await expect(answer.locator('a[href^="javascript" i]')).toHaveCount(0)
    await expect(page.locator('[onerror], [onclick], [onload]')).toHaveCount(0)
    await answer.getByText('click me').click()
    await expectAxeClean(page, 'card page')

    await page.goto('/cards')
    const deck = page.getByRole('region', { name: 'Deck: Rate limiter' })
    await expect(deck.getByTestId('own-card')).toHaveCount(1)
    await expect(deck).toContainText('Token bucket rate limiter')

    // Review: the own card comes up; the critical point missed suggests Again; Again schedules it.
    await page.goto('/review')
    const card = page.getByTestId('review-card')
    await expect(card).toHaveAttribute('data-card-id', 'token-bucket-rate-limiter')
    await expect(page.getByTestId('review-prompt')).toContainText('starve the rest')
    // The card's own cue phrases pre-tick its points from a typed answer.
    await page.getByLabel('Or type your answer (optional)').fill('I would keep a token bucket per key.')
    await page.getByRole('button', { name: 'Show answer' }).click()
    const points = card.getByRole('checkbox')
    await expect(points).toHaveCount(4)
    await expect(card.getByLabel('A token bucket per client key')).toBeChecked()
    await expect(card.getByLabel('Answer 429 with Retry-After')).not.toBeChecked()
    for (const box of await points.all()) {
      if ((await box.getAttribute('aria-describedby'))?.startsWith('critical-')) continue
      await box.check()
    }
    await expect(page.getByTestId('suggested-rating')).toContainText('Again')
    // The model answer on the review page is the same inert render.
    await expect(card.getByText('<img src=x onerror=alert(1)>')).toBeVisible()
    await expect(card.locator('img, [onerror], a[href^="javascript" i]')).toHaveCount(0)
    const again = page.getByRole('button', { name: /^Again/ })
    await expect(again).toHaveAccessibleName(/^Again\s*1 day/)
    await again.click()
    await expect(page.getByTestId('review-done')).toContainText(
      'The next card is due Wed, 11 Mar 2026, 04:00',
    )
    const scheduled = await (await page.request.get('/api/export')).json()
    expect(scheduled.cardStates.map((s: { cardId: string }) => s.cardId)).toEqual([
      'token-bucket-rate-limiter',
    ])
    expect(scheduled.reviewLogs[0]).toMatchObject({
      rating: 1,
      suggestedRating: 1,
      pointsAll: ['p1', 'p2', 'p3', 'p4'],
    })

    // Stats: per-point misses for the own card, its critical point named.
    await page.goto('/stats')
    const misses = page.getByTestId('misses-token-bucket-rate-limiter')
    await expect(misses.getByRole('heading', { name: 'Token bucket rate limiter' })).toBeVisible()
    await expect(misses.getByTestId('critical-point')).toContainText(
      'Refill and take atomically in one store — missed 1 of 1 review',
    )

    // Edit: the new prompt is what review shows the next study day.
    await page.goto('/cards/token-bucket-rate-limiter')
    await page.getByRole('link', { name: 'Edit card' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Edit card' })).toBeVisible()
    await typeInto(page, 'Prompt', 'Design a distributed rate limiter shared by twenty API servers.')
    await page.getByRole('button', { name: 'Save card' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('card-prompt')).toHaveText(
      'Design a distributed rate limiter shared by twenty API servers.',
    )
    await setNow(context, '2026-03-11T05:00:00Z')
    await page.goto('/review')
    await expect(card).toHaveAttribute('data-card-id', 'token-bucket-rate-limiter')
    await expect(page.getByTestId('review-prompt')).toHaveText(/twenty API servers/)

    // Delete asks first and says what happens to the history.
    await page.goto('/cards/token-bucket-rate-limiter')
    await page.getByRole('button', { name: 'Delete card' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: /Delete “Token bucket rate limiter”/ })
    await expect(dialog).toContainText('Its past reviews stay in your history')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: 'Delete card' }).click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(/\/cards$/)
    await expect(page.getByText('You have not written any cards yet.')).toBeVisible()
    const afterDelete = await (await page.request.get('/api/export')).json()
    expect(afterDelete.reviewLogs).toHaveLength(1)
    expect(afterDelete.ownCards).toEqual([])

    expect(dialogs).toEqual([])
  },
)

function deckFile(count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `---
id: outbox-${i + 1}
title: Outbox question ${i + 1}
deck: Transactional outbox
prompt: How does the outbox pattern handle case ${i + 1}?
points:
  - id: same-transaction
    text: Write the event row in the same transaction as the state change
    critical: true
    cues: [same transaction]
  - id: relay
    text: A relay publishes pending rows and marks them sent
    critical: false
    cues: [relay]
  - id: dedupe
    text: Consumers dedupe by event id (at-least-once delivery)
    critical: false
---

Model answer for case ${i + 1}: **commit once**, publish later.
`,
  ).join('\n<!-- card -->\n\n')
}

async function importFile(page: Page, name: string, text: string) {
  await page.getByLabel('Card files to import').setInputFiles({
    name,
    mimeType: 'text/markdown',
    buffer: Buffer.from(text),
  })
  await page.getByRole('button', { name: 'Import cards' }).click()
}

test(
  'import a 20-card deck file twice → 20 cards; export → a fresh learner reproduces it; others see none',
  walkthrough('tests/pg/cards-on-pg.test.ts'),
  async ({ page, browser }) => {
    test.setTimeout(120_000)
    await page.goto('/settings')
    await expect(page.getByTestId('own-card-count')).toHaveText('0 cards')

    // A bad file is refused as a whole, naming file, card and field.
    const bad = deckFile(3).replace('How does the outbox pattern handle case 2?', 'Short?')
    await importFile(page, 'bad-deck.md', bad)
    await expect(page.getByTestId('card-import-status')).toContainText('Nothing was imported')
    await expect(page.getByTestId('card-import-status')).toContainText(
      'bad-deck.md: card 2 (“outbox-2”): field “prompt”: at least 10 characters',
    )
    await page.reload()
    await expect(page.getByTestId('own-card-count')).toHaveText('0 cards')

    await importFile(page, 'outbox.md', deckFile(20))
    await expect(page.getByTestId('card-import-status')).toHaveText(
      'Imported: 20 added, 0 updated, 0 unchanged.',
    )
    await expect(page.getByTestId('own-card-count')).toHaveText('20 cards')
    await importFile(page, 'outbox.md', deckFile(20))
    await expect(page.getByTestId('card-import-status')).toHaveText(
      'Imported: 0 added, 0 updated, 20 unchanged.',
    )
    await expect(page.getByTestId('own-card-count')).toHaveText('20 cards')
    // The deck has its own switch on /settings.
    await expect(page.getByRole('group', { name: 'Decks' }).getByLabel('Transactional outbox')).toBeChecked()

    await page.goto('/cards')
    await expect(
      page.getByRole('region', { name: 'Deck: Transactional outbox' }).getByTestId('own-card'),
    ).toHaveCount(20)

    const exported = await (await page.request.get('/api/own-cards/export')).text()
    expect(exported.match(/^<!-- card -->$/gm)).toHaveLength(19)

    // A second learner: sees none of them, by page, URL or API.
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await otherPage.goto('/cards')
    await expect(otherPage.getByText('You have not written any cards yet.')).toBeVisible()
    expect((await otherPage.request.get('/cards/outbox-1')).status()).toBe(404)
    expect((await otherPage.request.get('/cards/outbox-1/edit')).status()).toBe(404)
    expect((await (await otherPage.request.get('/api/own-cards/export')).text()).trim()).toBe('')
    const grade = await otherPage.request.post('/api/review/grade', {
      data: {
        cardId: 'outbox-1',
        attemptToken: crypto.randomUUID(),
        rating: 3,
        pointsTicked: [],
        durationMs: 1000,
        answerMode: 'aloud',
      },
    })
    expect(grade.status()).toBe(404)

    // …until they import the export: then they have the same cards.
    await otherPage.goto('/settings')
    await importFile(otherPage, 'drill-own-cards.md', exported)
    await expect(otherPage.getByTestId('card-import-status')).toHaveText(
      'Imported: 20 added, 0 updated, 0 unchanged.',
    )
    expect(await (await otherPage.request.get('/api/own-cards/export')).text()).toBe(exported)
    await other.close()
  },
)
