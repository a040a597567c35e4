// Hands-free review in Chromium with a fake microphone playing one WAV file made by espeak-ng
// (e2e/voice-audio.ts). The file starts when the page opens the microphone (once per session: the loop
// keeps it across cards) and says, each word after a silence long enough for the page to be listening
// for it even on a loaded machine: "done" (the answer ends), "later" (unclear: asked again, not
// guessed), "three" (Good, confirmed aloud and recorded as the buttons record it), then on the next card
// "done", "repeat" (the feedback said again) and "stop" (Hands-free off; the keyboard goes on). What the
// page speaks is observed by wrapping speechSynthesis.speak (headless Chromium has no voices to play),
// each step the status announces by watching it, and the recorded reviews through GET /api/export.
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { launchOptionsWith } from './browser'
import { expect, setNow, test } from './fixtures'
import { speechWav } from './voice-audio'

const dir = path.join('test-results', 'voice')
fs.mkdirSync(dir, { recursive: true })
// Seconds of silence before each word: the first covers opening the audio graph; the others the page's
// step after the previous word (grading the answer, the next card from the server) several times over.
const microphoneWav = speechWav(
  [
    { pauseS: 4 },
    { say: 'done' },
    { pauseS: 6 },
    { say: 'later' },
    { pauseS: 5 },
    { say: 'three' },
    { pauseS: 9 },
    { say: 'done' },
    { pauseS: 6 },
    { say: 'repeat' },
    { pauseS: 5 },
    // Said twice (a second chance if the first is asked again; once off, nothing more is heard), in
    // espeak-ng's British voice: its "stop" is the one the recognizer's model hears best.
    { say: 'stop', voice: 'en', speed: 140 },
    { pauseS: 4 },
    { say: 'stop', voice: 'en', speed: 140 },
    { pauseS: 4 },
  ],
  path.join(dir, 'hands-free-session.wav'),
)

/** Records each sentence the page speaks (ended at once) and each text the hands-free status shows. */
async function listenToThePage(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { spoken: string[]; steps: string[] }
    w.spoken = []
    w.steps = []
    window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      w.spoken.push(utterance.text)
      setTimeout(() => utterance.onend?.(new Event('end') as SpeechSynthesisEvent), 20)
    }
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="hands-free-status"]')?.textContent ?? ''
      if (text && text !== w.steps.at(-1)) w.steps.push(text)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
}
const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.join('\n'))
const steps = (page: Page) => page.evaluate(() => (window as unknown as { steps: string[] }).steps)
const count = (text: string, part: string) => text.split(part).length - 1

interface ReviewLog {
  cardId: string
  attemptToken: string
  rating: number
  pointsTicked: string[]
  answerMode: string
}
async function reviewLogs(page: Page): Promise<ReviewLog[]> {
  const response = await page.request.get('/api/export')
  expect(response.status()).toBe(200)
  return ((await response.json()) as { reviewLogs: ReviewLog[] }).reviewLogs
}
/**
 * The logs saved since `before` (their attempt tokens), in the order of `cardIds`: the export sorts
 * by review time and then by id, and two grades in one test-clock millisecond have no order of their own.
 */
async function logsSince(page: Page, before: ReviewLog[], cardIds: string[]): Promise<ReviewLog[]> {
  const earlier = new Set(before.map((log) => log.attemptToken))
  const added = (await reviewLogs(page)).filter((log) => !earlier.has(log.attemptToken))
  return added.toSorted((a, b) => cardIds.indexOf(a.cardId) - cardIds.indexOf(b.cardId))
}

test.use({
  launchOptions: launchOptionsWith(
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${path.resolve(microphoneWav)}%noloop`,
  ),
})

test('said aloud: "done" ends the answer, an unclear word is asked again, "three" saves Good as the buttons do, "repeat" and "stop"', async ({
  page,
  context,
  review,
}) => {
  test.setTimeout(120_000)
  // A study day of its own, so the cards other specs grade elsewhere leave its queue alone (each run
  // of this test grades two new cards; whichever come first).
  await setNow(context, '2026-09-14T10:00:00Z')
  await listenToThePage(page)
  await review.open()
  const status = page.getByTestId('hands-free-status')
  const handsFree = page.getByRole('switch', { name: 'Hands-free' })
  await expect(status).toHaveCount(0)
  const firstCard = (await review.cardId())!
  const prompt = ((await review.prompt.textContent()) ?? '').trim()
  const logsBefore = await reviewLogs(page)
  await page
    .getByLabel('Or type your answer (optional)')
    .fill('The client sends one idempotency key per payment intent.')

  await handsFree.click()
  await expect.poll(() => spoken(page), { timeout: 30_000 }).toContain(prompt.slice(0, 40))

  // "done": the answer is shown with its points, the feedback said, a grade asked for.
  await expect(review.points.first()).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => spoken(page), { timeout: 20_000 }).toContain('Your grade?')
  expect(await spoken(page)).toMatch(/You made \d of \d points\..*Suggested grade: \w+, say \w+\./s)
  const ticked = await review.points.evaluateAll((boxes) =>
    boxes.filter((box) => (box as HTMLInputElement).checked).map((box) => box.id),
  )

  // "later": asked again, nothing recorded, the card stays. (Not "banana": since "again" joined the grade
  // words, espeak-ng's "banana" is sometimes heard as it — bench:voice lists it.)
  await expect.poll(() => spoken(page), { timeout: 20_000 }).toContain('Sorry, I did not catch that.')
  await expect(page.getByTestId('hands-free-heard')).toContainText('not a command')
  expect(await spoken(page)).not.toContain('Saved:')
  await expect(review.card).toHaveAttribute('data-card-id', firstCard)

  // "three": confirmed aloud, recorded as Good, the next card.
  await expect.poll(() => spoken(page), { timeout: 20_000 }).toContain('Saved: Good.')
  await expect(review.card).not.toHaveAttribute('data-card-id', firstCard, { timeout: 20_000 })
  await expect(page.getByText(/Last grade: Good on/)).toBeVisible()
  expect(await steps(page)).toEqual(
    expect.arrayContaining(['Listening for your answer', 'Listening for a grade', 'Saved']),
  )
  const saved = await logsSince(page, logsBefore, [firstCard])
  expect(saved).toHaveLength(1)
  expect(saved[0]).toMatchObject({ cardId: firstCard, rating: 3, answerMode: 'typed' })
  expect(saved[0]!.pointsTicked.toSorted()).toEqual(ticked.map((id) => id.replace(/^point-/, '')).toSorted())

  // The next card: read aloud, "done" shows it, "repeat" says the feedback again.
  const secondCard = (await review.cardId())!
  await expect(review.points.first()).toBeVisible({ timeout: 30_000 })
  await expect.poll(async () => count(await spoken(page), 'Suggested grade:'), { timeout: 20_000 }).toBe(3)

  // "stop": Hands-free is off, the card is as it was, and the keyboard grades it as before.
  await expect(handsFree).toHaveAttribute('aria-checked', 'false', { timeout: 20_000 })
  await expect(status).toHaveCount(0)
  await expect(review.card).toHaveAttribute('data-card-id', secondCard)
  await expect(review.points.first()).toBeVisible()
  await page.keyboard.press('3')
  await expect(review.card).not.toHaveAttribute('data-card-id', secondCard)
  const both = await logsSince(page, logsBefore, [firstCard, secondCard])
  expect(both.map((log) => [log.cardId, log.rating])).toEqual([
    [firstCard, 3],
    [secondCard, 3],
  ])
  // The same record either way: the same fields, each with its own idempotency key.
  expect(Object.keys(both[0]!).toSorted()).toEqual(Object.keys(both[1]!).toSorted())
  expect(both[0]!.attemptToken).not.toBe(both[1]!.attemptToken)

  // The switch is remembered on this device (off, since "stop").
  await page.reload()
  await expect(handsFree).toHaveAttribute('aria-checked', 'false')
})
