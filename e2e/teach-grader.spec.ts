// Teaching the grader, as a learner does it: an answer in words no rubric knows leaves the critical
// point clear; after Show answer the answer stands as text, the learner ticks the point, selects the
// words with the keyboard (Shift+arrows in the readonly answer text) and presses "This is where I said
// it" (reached with Tab, pressed with Enter). From then on the grader hears that phrasing: over HTTP
// (POST /api/grade/suggest, on this card and on another whose point shares the concept, never inside a
// wrong design), and on /review, where the next card sharing the concept comes pre-ticked. /settings
// lists the phrase with its card and point, and Remove forgets it.
import { expect, type Page, setNow, test } from './fixtures'

test.use({ timezoneId: 'Europe/Berlin', locale: 'en-GB' })

const PHRASE = 'we pencil the ticket into the ledger before the money moves'
const ANSWER = `First ${PHRASE}. Then the processor is asked to take the money.`
const LATER = 'Our server will pencil the ticket into the ledger before the money moves, every time.'
const WRONG = `We call the provider first, then insert the key. Also ${PHRASE}.`

interface Verdict {
  id: string
  heard: boolean
  evidence: { text: string }[]
  contradiction: null | { text: string }
}

async function verdictOf(page: Page, cardId: string, text: string, pointId: string): Promise<Verdict> {
  const response = await page.request.post('/api/grade/suggest', { data: { cardId, text } })
  expect(response.status()).toBe(200)
  const body = (await response.json()) as { points: Verdict[] }
  const verdict = body.points.find((p) => p.id === pointId)
  if (!verdict) throw new Error(`no point ${pointId}`)
  return verdict
}

test('select the words that made a point, teach it, and the grader hears them from then on; Settings removes it', async ({
  page,
  context,
  review,
}) => {
  // Some sixty key presses, three API calls, two cards reviewed on the way and Settings: one long story.
  test.slow()
  await setNow(context, '2026-03-10T10:00:00Z')
  await review.open()
  await expect(review.card).toHaveAttribute('data-card-id', 'idempotency-keys')
  await page.getByLabel('Or type your answer (optional)').fill(ANSWER)
  await review.showAnswer()

  const claim = page.locator('#point-claim-before-effect')
  await expect(claim).not.toBeChecked()
  const answerText = page.getByTestId('answer-text')
  await expect(answerText).toHaveValue(ANSWER)
  const teach = page.getByTestId('teach-point')
  // Only under a point the learner ticked and the grader did not hear.
  await expect(teach).toHaveCount(0)
  await claim.check()
  await expect(teach).toHaveCount(1)
  await expect(teach).toHaveText('This is where I said it')

  // Nothing selected yet: the button says what to do, nothing is stored.
  await teach.click()
  await expect(page.getByRole('alert').filter({ hasText: 'First select the words' })).toBeVisible()

  // Select the phrase with the keyboard: to the start, past "First ", then Shift+Right over the words.
  await answerText.focus()
  await page.keyboard.press('Control+Home')
  for (let i = 0; i < 'First '.length; i++) await page.keyboard.press('ArrowRight')
  for (let i = 0; i < PHRASE.length; i++) await page.keyboard.press('Shift+ArrowRight')
  expect(
    await answerText.evaluate((el: HTMLTextAreaElement) =>
      el.value.slice(el.selectionStart, el.selectionEnd),
    ),
  ).toBe(PHRASE)
  // The answer text is for selecting, not editing: a key pressed there changes nothing.
  await page.keyboard.press('x')
  await expect(answerText).toHaveValue(ANSWER)
  // From the point's checkbox, Tab reaches the button; Enter presses it.
  await claim.focus()
  await page.keyboard.press('Tab')
  await expect(teach).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: `Taught: from now on “${PHRASE}”` })).toBeVisible()

  // The same learner's API hears it: the evidence is the phrasing in the new answer.
  const same = await verdictOf(page, 'idempotency-keys', LATER, 'claim-before-effect')
  expect(same).toMatchObject({ heard: true, contradiction: null })
  expect(same.evidence.map((e) => e.text)).toEqual([
    'pencil the ticket into the ledger before the money moves',
  ])
  // Another card's point sharing the concept hears it too.
  expect(await verdictOf(page, 'provider-outside-transaction', LATER, 'claim-committed-first')).toMatchObject(
    {
      heard: true,
    },
  )
  // Never inside a wrong design: charge first stays a contradiction of the critical point.
  const wrong = await verdictOf(page, 'idempotency-keys', WRONG, 'claim-before-effect')
  expect(wrong.heard).toBe(false)
  expect(wrong.contradiction).not.toBeNull()

  // On /review: the day's next cards until the one sharing the concept, which comes pre-ticked.
  await review.grade('Good')
  for (let i = 0; i < 12 && (await review.cardId()) !== 'provider-outside-transaction'; i++) {
    if (await review.card.getByRole('radio').count()) await review.answerDrill()
    else await review.showAnswer()
    await review.grade('Good')
  }
  await expect(review.card).toHaveAttribute('data-card-id', 'provider-outside-transaction')
  await page.getByLabel('Or type your answer (optional)').fill(LATER)
  await review.showAnswer()
  await expect(page.locator('#point-claim-committed-first')).toBeChecked()
  await expect(page.getByTestId('point-evidence').first()).toContainText('pencil the ticket into the ledger')

  // Settings lists it with its card and point; Remove forgets it.
  await page.goto('/settings')
  const section = page.getByRole('region', { name: 'Phrases you taught the grader' })
  const item = section.getByTestId('taught-phrase')
  await expect(item).toHaveCount(1)
  await expect(item).toContainText(`“${PHRASE}”`)
  await expect(item).toContainText('The key is claimed with one atomic insert')
  await expect(item).toContainText('Idempotency keys for a payment API')
  await item.getByRole('button', { name: 'Remove' }).click()
  await expect(item).toHaveCount(0)
  await expect(section).toContainText('You have not taught it any phrase yet.')
  expect(await verdictOf(page, 'idempotency-keys', LATER, 'claim-before-effect')).toMatchObject({
    heard: false,
  })
})
