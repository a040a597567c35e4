// Hands-free review when the microphone is refused: said in one sentence, and the review goes on with
// the keyboard (its own file: a spec's browser flags are set once per file).
import type { Page } from '@playwright/test'
import { launchOptionsWith } from './browser'
import { expect, setNow, test } from './fixtures'

test.use({
  launchOptions: launchOptionsWith('--use-fake-device-for-media-stream', '--deny-permission-prompts'),
})

/** Each sentence the page speaks ends at once (headless Chromium has no voices to play). */
async function quietSpeech(page: Page) {
  await page.addInitScript(() => {
    window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      setTimeout(() => utterance.onend?.(new Event('end') as SpeechSynthesisEvent), 20)
    }
  })
}

test('a refused microphone is said in one sentence, and the review goes on with the keyboard', async ({
  page,
  context,
  review,
}) => {
  await setNow(context, '2026-03-10T10:00:00Z')
  await quietSpeech(page)
  await review.open()
  await page.getByRole('switch', { name: 'Hands-free' }).click()
  // The microphone is asked for once the recognizer (about 6 MB) has loaded: slow on a loaded machine.
  await expect(page.getByRole('alert').filter({ hasText: 'microphone' })).toHaveText(
    /microphone is off or refused/,
    { timeout: 30_000 },
  )
  // Focus is on the switch (Space would toggle it): go on to Show answer with the keyboard.
  await review.showAnswerButton.focus()
  await page.keyboard.press('Enter')
  await expect(review.points.first()).toBeVisible()
  await review.grade('Good')
  await expect(page.getByText(/Last grade: Good on/)).toBeVisible()
})
