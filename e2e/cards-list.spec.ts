// /cards over a collection bigger than a page (issues 47 and 50), in a real browser: a learner
// with 120 own cards in two decks (imported through POST /api/import, as a study-state file)
// sees every topic with its progress (cards seen of all, average recall now), the cards grouped
// by topic under a heading each, 50 to a page with Next/Previous, and a search box that finds
// cards by title or by a point's text — over all cards, built-in and own, not just the page shown.
import { expect, test } from './fixtures'

const DAY = 86_400_000
const OWN = 120

function studyFile(nowMs: number) {
  const ownCards = Array.from({ length: OWN }, (_, i) => ({
    id: `list-card-${String(i).padStart(3, '0')}`,
    title: i === 117 ? 'Wombat handoff in a quorum store' : `Sharding question ${i}`,
    deck: i < 60 ? 'Sharding' : 'Zookeeper notes',
    prompt: `Question number ${i}`,
    points: [
      {
        id: 'p1',
        text: i === 3 ? 'Quokka ring moves few keys' : `Point one of ${i}`,
        critical: false,
        cues: [],
      },
      { id: 'p2', text: `Point two of ${i}`, critical: false, cues: [] },
      { id: 'p3', text: `Point three of ${i}`, critical: false, cues: [] },
    ],
    answerMarkdown: '',
  }))
  // Two Sharding cards reviewed: one yesterday, one ten days ago.
  const cardStates = [1, 10].map((daysAgo, i) => ({
    cardId: `list-card-00${i}`,
    dueMs: nowMs + 5 * DAY,
    stability: 20,
    difficulty: 5,
    elapsedDays: 0,
    scheduledDays: 10,
    learningSteps: 0,
    reps: 1,
    lapses: 0,
    state: 2,
    lastReviewMs: nowMs - daysAgo * DAY,
  }))
  return {
    format: 'drill-study-state',
    version: 1,
    exportedAtMs: nowMs,
    settings: null,
    cardStates,
    reviewLogs: [],
    ownCards,
  }
}

test('/cards: topics with progress, cards grouped by topic, pages, and a search over every card', async ({
  page,
}) => {
  await page.goto('/cards')
  const imported = await page.request.post('/api/import', { data: studyFile(Date.now()) })
  expect(imported.status()).toBe(200)

  await page.goto('/cards')
  const topics = page.getByRole('region', { name: 'Topics' })
  const sharding = topics.getByTestId('topic').filter({ hasText: 'Sharding' })
  await expect(sharding.getByTestId('topic-progress')).toHaveText(/^2 of 60 seen · recall now (9\d|100)%$/)
  await expect(
    topics.getByTestId('topic').filter({ hasText: 'Zookeeper notes' }).getByTestId('topic-progress'),
  ).toHaveText('0 of 60 seen · no recall yet')
  await expect(topics.getByTestId('topic').filter({ hasText: 'Idempotency' })).toHaveCount(1)

  // Page 1: the built-in cards first, then own cards; 100 cards a page, every card on exactly one page.
  const pageLabel = page.getByRole('navigation', { name: 'Card pages' }).getByTestId('card-page')
  const pageCount = Number((await pageLabel.textContent())?.match(/^Page 1 of (\d+)$/)?.[1])
  const builtIn = await page.getByTestId('built-in-card').count()
  expect(pageCount).toBe(Math.ceil((builtIn + OWN) / 100))
  const shardingDeck = page.getByRole('region', { name: 'Deck: Sharding' })
  await expect(shardingDeck.getByRole('heading', { name: 'Sharding' })).toBeVisible()
  await expect(shardingDeck.getByText(/^2 of 60 seen/)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Deck: Zookeeper notes' })).toHaveCount(0)
  let own = await page.getByTestId('own-card').count()
  expect(builtIn + own).toBe(100)
  for (let n = 2; n <= pageCount; n++) {
    await page.getByRole('link', { name: 'Next page' }).click()
    await expect(page).toHaveURL(new RegExp(`/cards\\?page=${n}$`))
    await expect(page.getByTestId('card-page')).toHaveText(`Page ${n} of ${pageCount}`)
    const cards =
      (await page.getByTestId('own-card').count()) + (await page.getByTestId('built-in-card').count())
    if (n < pageCount) expect(cards).toBe(100)
    own += await page.getByTestId('own-card').count()
  }
  expect(own).toBe(OWN)
  const last = page.getByRole('region', { name: 'Deck: Zookeeper notes' })
  await expect(last.getByRole('link', { name: /Wombat handoff/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Previous page' }).click()
  await expect(page.getByTestId('card-page')).toHaveText(`Page ${pageCount - 1} of ${pageCount}`)

  // Search from a later page: by a point's text (a card on page 1), then by a title on the last page.
  const search = page.getByRole('search')
  await search.getByLabel('Search cards').fill('quokka RING moves')
  await search.getByLabel('Search cards').press('Enter')
  await expect(page).toHaveURL(/\/cards\?q=quokka\+RING\+moves$/)
  await expect(page.getByTestId('search-result')).toHaveText(/^1 card matches “quokka RING moves”/)
  await expect(page.getByTestId('own-card')).toHaveCount(1)
  await expect(page.getByRole('region', { name: 'Deck: Sharding' }).getByRole('link')).toHaveAttribute(
    'href',
    '/cards/list-card-003',
  )
  await page.getByLabel('Search cards').fill('wombat handoff')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByTestId('search-result')).toHaveText(/^1 card matches/)
  await expect(
    page.getByRole('region', { name: 'Deck: Zookeeper notes' }).getByTestId('own-card'),
  ).toHaveCount(1)
  // A search matching nothing says so, and the way back shows every card.
  await page.getByLabel('Search cards').fill('no card says this')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByTestId('search-result')).toHaveText(/^0 cards match/)
  await expect(page.getByTestId('own-card')).toHaveCount(0)
  await page.getByRole('link', { name: 'Show every card' }).click()
  await expect(page.getByTestId('card-page')).toHaveText(`Page 1 of ${pageCount}`)
})
