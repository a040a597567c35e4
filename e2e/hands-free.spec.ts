// Hands-free review in Chromium with a fake microphone playing WAV files made by espeak-ng
// (e2e/voice-audio.ts): the prompt is read, "done" ends the answer, the feedback is spoken, an unclear
// word is asked again, "three" records Good through the same grade path as the buttons. What the page
// speaks is observed by wrapping speechSynthesis.speak (headless Chromium has no voices to play).
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { launchOptionsWith } from './browser'
import { expect, setNow, test } from './fixtures'
import { speechWav } from './voice-audio'

const dir = path.join('test-results', 'voice')
fs.mkdirSync(dir, { recursive: true })
// Made when the spec loads, before its browser starts: the file is the microphone for the whole run.
const gradeWav = speechWav(
  [
    { pauseS: 3 },
    { say: 'done' },
    { pauseS: 3 },
    { say: 'banana' },
    { pauseS: 3 },
    { say: 'three' },
    { pauseS: 8 },
  ],
  path.join(dir, 'done-banana-three.wav'),
)

/** Records each sentence the page speaks (window.spoken) and ends it at once. */
async function listenToThePage(page: Page) {
  await page.addInitScript(() => {
    const spoken: string[] = []
    ;(window as unknown as { spoken: string[] }).spoken = spoken
    window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      spoken.push(utterance.text)
      setTimeout(() => utterance.onend?.(new Event('end') as SpeechSynthesisEvent), 20)
    }
  })
}
const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.join('\n'))

test.use({
  launchOptions: launchOptionsWith(
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${path.resolve(gradeWav)}%noloop`,
  ),
})

test('the question read aloud, "done" ends the answer, the feedback spoken, a grade asked for', async ({
  page,
  context,
  review,
}) => {
  test.setTimeout(90_000)
  await setNow(context, '2026-03-10T10:00:00Z')
  await listenToThePage(page)
  await review.open()
  const status = page.getByTestId('hands-free-status')
  await expect(status).toHaveCount(0)

  await page.getByRole('switch', { name: 'Hands-free' }).click()
  await expect(status).toHaveText('Listening for your answer', { timeout: 30_000 })
  await page
    .getByLabel('Or type your answer (optional)')
    .fill('The client sends one idempotency key per payment intent.')
  expect(await spoken(page)).toContain('Design idempotency for a create-payment endpoint')

  // "done" (3 s in) shows the answer and the points; the feedback is said, then the grade asked.
  await expect(review.points.first()).toBeVisible({ timeout: 20_000 })
  await expect(status).toHaveText('Listening for a grade', { timeout: 20_000 })
  await expect.poll(() => spoken(page)).toMatch(/You made \d of 5 points\./)
  expect(await spoken(page)).toContain('Suggested grade:')

  // The switch is remembered on this device.
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Hands-free' })).toHaveAttribute('aria-checked', 'true')
})
