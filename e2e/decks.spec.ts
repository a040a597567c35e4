// The built-in topic decks in a real browser (issue 47): /settings lists each topic deck with
// its switch, all on for a new learner, whose first card is still the idempotency card;
// switching a deck off takes its cards out of /review; a card page names its Sources; one
// topic downloads as an Anki package. Stores study data: runs on both projects.
import { allCards } from '@/lib/content/cards'
import { BUILT_IN_DECKS } from '@/lib/content/decks'
import { expect, ReviewPage, setDeckSwitches, setNow, test } from './fixtures'

test.use({ timezoneId: 'Europe/Berlin', locale: 'en-GB' })

const cards = allCards()
/** The topic decks that have cards, in teaching order, with their cards in deck order. */
const topics = BUILT_IN_DECKS.filter((deck) => deck.id !== 'idempotency')
  .map((deck) => ({ ...deck, cards: cards.filter((card) => card.deck === deck.id) }))
  .filter((deck) => deck.cards.length > 0)

test('a new learner has every topic deck on and sees the idempotency card first; a deck switched off leaves /review', async ({
  page,
  context,
}) => {
  test.skip(topics.length < 2, 'needs two topic decks with cards')
  await setNow(context, '2026-05-04T09:00:00Z')
  const review = new ReviewPage(page)
  await review.open()
  await expect(review.card).toHaveAttribute('data-card-id', 'idempotency-keys')

  await page.goto('/settings')
  const decks = page.getByRole('group', { name: 'Decks' })
  for (const title of ['Idempotency keys', 'Timeline drills', ...topics.map((deck) => deck.title)])
    await expect(decks.getByRole('checkbox', { name: title, exact: true })).toBeChecked()

  // Only two topics on: the first one's first card comes first; with it off, the second one's.
  const [first, second] = topics as [(typeof topics)[0], (typeof topics)[0]]
  await setDeckSwitches(page, { [first.title]: true, [second.title]: true }, false)
  await review.open()
  await expect(review.card).toHaveAttribute('data-card-id', first.cards[0]!.id)
  await setDeckSwitches(page, { [first.title]: false })
  await review.open()
  await expect(review.card).toHaveAttribute('data-card-id', second.cards[0]!.id)
  // The day's queue for offline review carries the same cards: none of the deck switched off.
  const day = (await (await page.request.get('/api/review/day')).json()) as { cards?: { id: string }[] }
  const queued = JSON.stringify(day)
  expect(queued).toContain(second.cards[0]!.id)
  for (const card of first.cards) expect(queued).not.toContain(`"${card.id}"`)
})

test('a card page names its Sources: title and where, a link when it is a web address', async ({ page }) => {
  await page.goto('/cards/idempotency-keys')
  const sources = page.getByRole('region', { name: 'Sources' })
  await expect(sources.getByRole('heading', { name: 'Sources', level: 2 })).toBeVisible()
  const draft = sources.getByRole('link', {
    name: 'https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/',
  })
  await expect(draft).toHaveAttribute(
    'href',
    'https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/',
  )
  await expect(sources).toContainText('The Idempotency-Key HTTP Header Field')
  await expect(sources).toContainText('Stripe API reference: Idempotent requests')
  // A source that is not a web address (the seed notes) is its text, not a link.
  await expect(sources.getByRole('listitem')).toHaveCount(3)
  await expect(sources.getByRole('link')).toHaveCount(2)

  for (const deck of topics.slice(0, 3)) {
    const card = deck.cards[0]!
    await page.goto(`/cards/${card.id}`)
    const list = page.getByRole('region', { name: 'Sources' }).getByRole('listitem')
    await expect(list).toHaveCount(card.sources.length)
    await expect(list.first()).toContainText(card.sources[0]!.title)
  }
})

test('one topic exports for Anki from /settings; an unknown topic is a 404 problem', async ({ page }) => {
  const topic = topics[0] ?? { id: 'idempotency', title: 'Idempotency keys' }
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Export a topic for Anki' })
  await section.getByLabel('Topic').selectOption({ label: topic.title })
  const download = page.waitForEvent('download')
  await section.getByRole('button', { name: 'Export topic for Anki' }).click()
  const file = await download
  // The deck's title names the file (the header's UTF-8 filename*), as for an own deck.
  expect(file.suggestedFilename()).toBe(`${topic.title}.apkg`)
  const bytes = await (await file.createReadStream()).toArray()
  expect(Buffer.concat(bytes).subarray(0, 2).toString()).toBe('PK')

  const unknown = await page.request.get('/api/own-cards/export-anki?topic=no-such-topic')
  expect(unknown.status()).toBe(404)
  expect(unknown.headers()['content-type']).toContain('application/problem+json')
})
