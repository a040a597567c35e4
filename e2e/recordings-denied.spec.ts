// The recorder when the microphone is refused, and in a browser without MediaRecorder:
// a one-line message (or no button), and the review goes on as before.
import { fullBrowserLaunchOptionsWith } from './browser'
import { expect, setNow, test } from './fixtures'

// A fake device, but the permission prompt is answered "deny" (by the full browser, as a learner's).
test.use({
  launchOptions: fullBrowserLaunchOptionsWith(
    '--use-fake-device-for-media-stream',
    '--deny-permission-prompts',
  ),
})

test('a denied microphone says so in one line and the review goes on; no MediaRecorder, no button', async ({
  page,
  context,
  review,
}) => {
  await setNow(context, '2026-03-10T10:00:00Z')
  await review.open()
  await page.getByRole('button', { name: 'Record answer' }).click()
  await expect(page.getByTestId('recorder-problem')).toHaveText(
    'Microphone access was denied, so this answer is not recorded; the review goes on as usual.',
  )
  await expect(page.getByRole('button', { name: 'Record answer' })).toHaveAttribute('aria-pressed', 'false')
  await review.showAnswer()
  await review.tickAll()
  await review.grade('Good')

  const older = await context.newPage()
  await older.addInitScript(() => {
    // A browser without MediaRecorder.
    Reflect.deleteProperty(window, 'MediaRecorder')
  })
  await older.goto('/review')
  await expect(older.getByRole('button', { name: 'Show answer' })).toBeVisible()
  await expect(older.getByRole('button', { name: 'Record answer' })).toHaveCount(0)
})
