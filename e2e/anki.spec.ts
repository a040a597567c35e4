// Anki decks in a real browser against the production build, keyboard only: import
// a package on /settings (Import from Anki), see its deck on /cards and among the
// Decks on /settings, review a plain card (Show answer, the four grades, no points to
// tick), give a card points with Suggest points, export the deck for Anki and import
// that file again (no duplicate). The import section is axe-clean. The package is
// e2e/fixtures-anki/system-design.apkg (tests/anki/e2e-fixture.ts builds it).
import { createHash } from 'node:crypto'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, setNow, test } from './fixtures'
import { NO_DB_TAG, walkthrough } from './postgres-names'

test.use({ timezoneId: 'Europe/Berlin', locale: 'en-GB' })

const PACKAGE = path.join('e2e', 'fixtures-anki', 'system-design.apkg')
/** Anki card → Drill card id: the note's guid and the card's ordinal (lib/anki/identity.ts). */
const cardIdOf = (guid: string, ord = 0) =>
  `anki-${createHash('sha256').update(guid).digest('hex').slice(0, 12)}-${ord + 1}`

async function press(page: Page, name: string, key = 'Enter', role: 'button' | 'link' = 'button') {
  const control = page.getByRole(role, { name, exact: true })
  await control.focus()
  await expect(control).toBeFocused()
  await page.keyboard.press(key)
}

async function importFile(page: Page, file: string) {
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Import from Anki' })
  await section.getByLabel('Anki package or text file').setInputFiles(file)
  const button = section.getByRole('button', { name: 'Import from Anki' })
  await expect(button).toBeEnabled()
  await button.focus()
  await page.keyboard.press('Enter')
  return section.getByRole('status')
}

test(
  'import an Anki deck, review a plain card, Suggest points, export it for Anki and import it again',
  walkthrough('tests/pg/cards-on-pg.test.ts'),
  async ({ page, context }) => {
    await setNow(context, '2026-03-01T10:00:00+01:00')
    // The first visit stores the browser's zone; then only the Anki deck stays on.
    await page.goto('/review')
    await expect(page.getByTestId('review-card').or(page.getByTestId('review-done'))).toBeVisible()

    const status = await importFile(page, PACKAGE)
    await expect(status).toHaveText('Imported 4 cards into "System Design" (3 reviews). With 1 image.')
    const axe = await new AxeBuilder({ page }).include('[data-testid="anki-import"]').analyze()
    expect(axe.violations).toEqual([])

    // /settings: the deck is among the Decks, with Export for Anki beside it.
    const decks = page.getByRole('group', { name: 'Decks' })
    await expect(decks.getByLabel('System Design')).toBeChecked()
    await expect(decks.getByRole('button', { name: 'Export for Anki' })).toHaveCount(1)
    for (const builtIn of ['Idempotency keys', 'Timeline drills']) {
      const box = decks.getByLabel(builtIn)
      await box.focus()
      await page.keyboard.press('Space')
      await expect(box).not.toBeChecked()
    }
    // The built-in topic decks too (they come before own decks).
    for (const box of await decks.locator('input[name="deck"]:not([value^="own:"])').all())
      await box.setChecked(false)
    await press(page, 'Save settings')
    await expect(page.getByText('Settings saved.')).toBeVisible()

    // /cards: the deck and its four cards; the image comes from Drill itself.
    await page.goto('/cards')
    const deck = page.getByRole('region', { name: 'Deck: System Design' })
    await expect(deck.getByTestId('own-card')).toHaveCount(4)
    await page.goto(`/cards/${cardIdOf('e2e-image-note')}`)
    const image = page.getByTestId('card-prompt').locator('img')
    await expect(image).toHaveAttribute('src', /^\/api\/media\/[0-9a-f]{32}$/)
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)

    // /review: a plain card — Show answer, then Again/Hard/Good/Easy, and no points to tick.
    await page.goto('/review')
    const card = page.getByTestId('review-card')
    await expect(card).toBeVisible()
    const first = await card.getAttribute('data-card-id')
    expect(first).toMatch(/^anki-/)
    await expect(page.getByRole('button', { name: 'Show answer' })).toBeEnabled()
    await page.getByRole('heading', { name: 'Prompt' }).focus()
    await page.keyboard.press('Space')
    await expect(page.getByRole('heading', { name: 'Answer' })).toBeFocused()
    await expect(card.getByRole('checkbox')).toHaveCount(0)
    for (const rating of ['Again', 'Hard', 'Good', 'Easy'])
      await expect(page.getByRole('button', { name: new RegExp(`^${rating}`) })).toBeVisible()
    const good = page.getByRole('button', { name: /^Good/ })
    await good.focus()
    await page.keyboard.press('Enter')
    await expect(
      page.locator(`[data-testid="review-done"], [data-testid="review-card"]:not([data-card-id="${first}"])`),
    ).toBeVisible()

    // Suggest points: the answer's list becomes three points; the card is a point card from now on.
    const listCard = cardIdOf('e2e-list-note')
    await page.goto(`/cards/${listCard}/edit`)
    await expect(page.getByTestId('point-row')).toHaveCount(0)
    await press(page, 'Suggest points')
    await expect(page.getByTestId('point-row')).toHaveCount(3)
    await expect(page.getByLabel('Point 1', { exact: true })).toHaveValue('A retried request charging twice')
    await expect(page.getByLabel('Point 3', { exact: true })).toHaveValue('Two concurrent duplicates')
    await press(page, 'Save card')
    await expect(page).toHaveURL(new RegExp(`/cards/${listCard}$`))
    await expect(page.getByRole('heading', { name: 'The 3 points to say' })).toBeVisible()

    // Export for Anki, then import the exported file again: the same four cards, no duplicate.
    await page.goto('/settings')
    const exportButton = page
      .getByRole('group', { name: 'Decks' })
      .getByRole('button', { name: 'Export for Anki' })
    await expect(exportButton).toBeEnabled()
    await exportButton.focus()
    const downloading = page.waitForEvent('download')
    await page.keyboard.press('Enter')
    const download = await downloading
    expect(download.suggestedFilename()).toBe('System Design.apkg')
    const exported = test.info().outputPath('system-design.apkg')
    await download.saveAs(exported)

    const again = await importFile(page, exported)
    await expect(again).toHaveText('Imported 4 cards into "System Design" (4 reviews). With 1 image.')
    await page.goto('/cards')
    await expect(
      page.getByRole('region', { name: 'Deck: System Design' }).getByTestId('own-card'),
    ).toHaveCount(4)
    await page.goto(`/cards/${listCard}`)
    await expect(page.getByRole('heading', { name: 'The 3 points to say' })).toBeVisible()
  },
)

test('a file that is not an Anki package is refused with its name and the reason', {
  tag: NO_DB_TAG,
}, async ({ page }) => {
  const status = await importFile(page, path.join('e2e', 'anki.spec.ts'))
  await expect(status).toContainText('anki.spec.ts: is not a zip archive')
  await expect(status).toContainText('Nothing was imported.')
})

test(
  'a package of note types of one’s own: every card arrives, each from its own template',
  walkthrough('tests/pg/cards-on-pg.test.ts'),
  async ({ page, context }) => {
    await setNow(context, '2026-03-01T10:00:00+01:00')
    const status = await importFile(page, path.join('e2e', 'fixtures-anki', 'note-types.apkg'))
    await expect(status).toHaveText('Imported 8 cards into 2 decks: "Words::HTTP", "Words" (7 reviews).')

    await page.goto('/cards')
    await expect(page.getByRole('region', { name: 'Deck: Words::HTTP' }).getByTestId('own-card')).toHaveCount(
      5,
    )
    await expect(
      page.getByRole('region', { name: 'Deck: Words', exact: true }).getByTestId('own-card'),
    ).toHaveCount(3)

    // The third template: {{Card}} and the meaning; {{type:Word}} asks nothing on the question.
    await page.goto(`/cards/${cardIdOf('vocab-guid-1', 2)}`)
    await expect(page.getByTestId('card-prompt')).toHaveText(
      'Spell: Gives the same result when applied twice',
    )
    // The first: the hint folded until asked for.
    await page.goto(`/cards/${cardIdOf('vocab-guid-1', 0)}`)
    const hint = page.getByTestId('card-prompt').locator('details')
    await expect(hint.getByText('idempotent', { exact: true })).toBeHidden()
    await hint.locator('summary').focus()
    await page.keyboard.press('Enter')
    await expect(hint.getByText('idempotent', { exact: true })).toBeVisible()
    // A template Anki cannot parse: the fields plainly, with the note.
    await page.goto(`/cards/${cardIdOf('broken-guid-3', 0)}`)
    await expect(page.getByTestId('card-prompt')).toContainText(
      'Shown plainly: the front template of "Card 1"',
    )
    await expect(page.getByTestId('card-prompt')).toContainText('Broken front')
  },
)

test('AnkiDroid’s template deck: every card and review arrives; an empty cloze card is shown plainly with a note', async ({
  page,
  context,
}) => {
  await setNow(context, '2026-03-01T10:00:00+01:00')
  // tools/test-decks/templates.apkg of ankidroid/Anki-Android: 146 cards, 102 reviews.
  const status = await importFile(page, path.join('e2e', 'fixtures-anki', 'legacy-ankidroid-templates.apkg'))
  await expect(status).toContainText('Imported 146 cards into 7 decks')
  await expect(status).toContainText('(102 reviews)')
  await expect(status).not.toContainText('skipped')
  // A cloze card whose number the note has no deletion for: Anki shows it empty and keeps it.
  await page.goto(`/cards/${cardIdOf('j%P1j`Jh4z', 1)}`)
  const prompt = page.getByTestId('card-prompt')
  await expect(prompt).toContainText('Shown plainly: Anki shows the front of this card empty')
  await expect(prompt).toContainText('子')
})
