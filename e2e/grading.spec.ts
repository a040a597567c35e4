// The grader on /review and over HTTP. In the browser: a charge-first answer leaves the
// critical point clear with what was said wrong and a "See it fail" link into the sandbox
// with that flaw switched on; a correct answer pre-ticks every point with the quote that made
// it. Over HTTP: POST /api/grade/suggest says the same, for built-in and own cards, and
// refuses bad input (404, 400, 413) storing nothing. One page load per state, no sleeps.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, setNow, test } from './fixtures'
import { CHARGE_FIRST, RIGHT_ANSWER, tokenBucketCard } from './grading-answers'

test.use({ timezoneId: 'Europe/Berlin', locale: 'en-GB' })

const MAIN_CARD = 'idempotency-keys'

interface Suggestion {
  cardId: string
  points: {
    id: string
    heard: boolean
    evidence: { start: number; end: number; text: string }[]
    contradiction: null | { text: string; flaw: string | null }
  }[]
  suggestedRating: 'again' | 'hard' | 'good' | 'easy'
}

async function suggest(page: Page, cardId: string, text: string): Promise<Suggestion> {
  const response = await page.request.post('/api/grade/suggest', { data: { cardId, text } })
  expect(response.status()).toBe(200)
  return response.json()
}

/** The ids a point's checkbox is described by (critical-, evidence-, contradiction-…). */
async function descriptionIds(box: ReturnType<Page['locator']>): Promise<string[]> {
  return ((await box.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean)
}

test('a charge-first answer: the critical point stays clear, says what was wrong, and See it fail opens the sandbox with Charge before insert on', async ({
  page,
  context,
  review,
  sandbox,
}) => {
  await setNow(context, '2026-03-10T10:00:00Z')
  await review.open()
  await expect(review.card).toHaveAttribute('data-card-id', MAIN_CARD)
  await page.getByLabel('Or type your answer (optional)').fill(CHARGE_FIRST)
  await review.showAnswer()

  const critical = review.criticalPoint()
  await expect(critical).not.toBeChecked()
  const contradictionId = (await descriptionIds(critical)).find((id) => id.startsWith('contradiction-'))
  expect(contradictionId, 'the critical point is described by its contradiction').toBeDefined()
  const warning = page.getByTestId('point-contradiction').filter({ has: page.locator(`#${contradictionId}`) })
  await expect(warning).toBeVisible()
  // A screen reader hears the warning with its point.
  await expect(critical).toHaveAccessibleDescription(/Critical point.*Said the wrong way/)
  await expect(review.suggestedRating).toContainText('Again')

  // The API hears the same answer the same way.
  const api = await suggest(page, MAIN_CARD, CHARGE_FIRST)
  const criticalId = (await critical.getAttribute('id'))?.replace(/^point-/, '')
  const verdict = api.points.find((point) => point.id === criticalId)
  expect(verdict).toMatchObject({ heard: false, contradiction: { flaw: 'charge-before-insert' } })
  await expect(warning).toContainText(verdict?.contradiction?.text ?? '')
  expect(api.suggestedRating).toBe('again')
  const ticked = await review.points.evaluateAll((boxes) =>
    boxes.filter((box) => (box as HTMLInputElement).checked).map((box) => box.id.replace(/^point-/, '')),
  )
  expect(ticked).toEqual(api.points.filter((point) => point.heard).map((point) => point.id))

  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])

  await warning.getByRole('link', { name: 'See it fail' }).click()
  await expect(page).toHaveURL(/\/sandbox\?s=v1\./)
  const flawsOn = page.getByRole('group', { name: 'Engine config' }).getByRole('switch', { checked: true })
  await expect(flawsOn).toHaveCount(1)
  await expect(sandbox.orderSwitch).toBeChecked()
  await expect(sandbox.chargeCount).toHaveText('2')
})

test('a correct answer: every point pre-ticked with the quote that made it, Good suggested', async ({
  page,
  context,
  review,
}) => {
  await setNow(context, '2026-03-10T10:00:00Z')
  await review.open()
  await expect(review.card).toHaveAttribute('data-card-id', MAIN_CARD)
  await page.getByLabel('Or type your answer (optional)').fill(RIGHT_ANSWER)
  await review.showAnswer()

  await expect(review.points).toHaveCount(5)
  for (const box of await review.points.all()) await expect(box).toBeChecked()
  const quotes = page.getByTestId('point-evidence')
  await expect(quotes).toHaveCount(5)
  await expect(page.getByTestId('point-contradiction')).toHaveCount(0)
  // Each quote is the answer's own words, and its point's checkbox is described by it.
  for (const quote of await quotes.all()) {
    const said = [...((await quote.textContent()) ?? '').matchAll(/“([^”]+)”/g)].map((m) => m[1] ?? '')
    expect(said.length).toBeGreaterThan(0)
    for (const text of said) expect(RIGHT_ANSWER).toContain(text)
    const id = await quote.getAttribute('id')
    await expect(page.locator(`input[aria-describedby~="${id}"]`)).toHaveAccessibleDescription(/Heard: “/)
  }
  await expect(review.suggestedRating).toContainText('Good')

  // The learner has the last word: clearing a box changes the suggestion.
  await review.criticalPoint().uncheck()
  await expect(review.suggestedRating).toContainText('Again')

  const api = await suggest(page, MAIN_CARD, RIGHT_ANSWER)
  expect(api.points.every((point) => point.heard && point.contradiction === null)).toBe(true)
  expect(api.suggestedRating).toBe('good')
  for (const point of api.points)
    for (const span of point.evidence) expect(RIGHT_ANSWER.slice(span.start, span.end)).toBe(span.text)
})

test('POST /api/grade/suggest: built-in and own cards; 404, 400 and 413 as problem+json; nothing stored', async ({
  request,
}) => {
  const builtIn = await request.post('/api/grade/suggest', {
    data: { cardId: MAIN_CARD, text: CHARGE_FIRST },
  })
  expect(builtIn.status()).toBe(200)
  const body = (await builtIn.json()) as Suggestion
  expect(body.cardId).toBe(MAIN_CARD)
  expect(body.points).toHaveLength(5)
  expect(body.suggestedRating).toBe('again')
  for (const point of body.points) {
    expect(Object.keys(point).sort()).toEqual(['contradiction', 'evidence', 'heard', 'id'])
    for (const span of point.evidence) expect(CHARGE_FIRST.slice(span.start, span.end)).toBe(span.text)
  }

  // An own card, written through the import API: its cues are heard.
  const card = tokenBucketCard('my-token-bucket')
  const imported = await request.post('/api/own-cards/import', {
    data: { files: [{ name: 'rate-limiter.md', text: card }] },
  })
  expect(imported.status()).toBe(200)
  const own = await request.post('/api/grade/suggest', {
    data: { cardId: 'my-token-bucket', text: 'I would keep a token bucket per key' },
  })
  expect(own.status()).toBe(200)
  const ownBody = (await own.json()) as Suggestion
  expect(ownBody.points.map((point) => [point.id, point.heard])).toEqual([
    ['bucket-per-key', true],
    ['atomic-refill', false],
    ['answer-429', false],
  ])
  expect(ownBody.points[0]?.evidence.map((span) => span.text.toLowerCase())).toContain('token bucket')
  expect(ownBody.suggestedRating).toBe('again')

  const refused = async (data: unknown, status: number, type: string, init: { raw?: string } = {}) => {
    const response = await request.post('/api/grade/suggest', {
      // A Buffer goes out as it is (a string would be sent JSON-encoded).
      data: init.raw === undefined ? data : Buffer.from(init.raw),
      headers: { 'content-type': 'application/json' },
    })
    expect(response.status()).toBe(status)
    expect(response.headers()['content-type']).toContain('application/problem+json')
    expect(await response.json()).toMatchObject({ type: `/problems/${type}`, status })
  }
  await refused({ cardId: 'no-such-card', text: CHARGE_FIRST }, 404, 'card-not-found')
  await refused({ cardId: MAIN_CARD }, 400, 'invalid-grade-suggestion')
  await refused({ cardId: MAIN_CARD, text: '   ' }, 400, 'invalid-grade-suggestion')
  await refused(null, 400, 'malformed-body', { raw: '{"cardId": "idempotency-keys", "text": ' })
  await refused({ cardId: MAIN_CARD, text: 'a'.repeat(20_001) }, 413, 'body-too-large')

  // Suggestions store nothing: no review, no card state.
  const state = await (await request.get('/api/export')).json()
  expect(state.reviewLogs).toEqual([])
  expect(state.cardStates).toEqual([])
})
