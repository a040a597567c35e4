// Recording the spoken answer (issue 14), in Chromium with its fake microphone (a beep
// tone) and the permission prompt answered "allow". The recordings must stay in the
// browser: every request of the test is checked for an audio body.
import AxeBuilder from '@axe-core/playwright'
import type { Page, Request } from '@playwright/test'
import { launchOptionsWith } from './browser'
import { expect, type ReviewPage, setNow, test } from './fixtures'

test.use({
  timezoneId: 'Europe/Berlin',
  locale: 'en-GB',
  launchOptions: launchOptionsWith('--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'),
})

const MAIN_CARD = 'idempotency-keys'

/** True when a request body looks like audio: an audio content type, or WebM/Ogg/MP4/WAV bytes. */
function carriesAudio(request: Request): boolean {
  const contentType = request.headers()['content-type'] ?? ''
  if (/audio|video|multipart/i.test(contentType)) return true
  const body = request.postDataBuffer()
  if (!body || body.length === 0) return false
  const text = body.toString('latin1')
  return (
    body.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) ||
    /OggS|ftypM4A|ftypiso|RIFF.{4}WAVE|webm|opus/i.test(text) ||
    body.length > 64 * 1024
  )
}

const yourAnswer = (page: Page) => page.getByTestId('your-answer-audio')
const lastTime = (page: Page) => page.getByTestId('last-time-audio')

/** The audio element's duration in seconds once the browser knows it (MediaRecorder WebM starts as Infinity). */
async function durationS(page: Page, testId: string): Promise<number> {
  const audio = page.getByTestId(testId)
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.duration), { timeout: 10_000 })
    .toBeLessThan(Number.POSITIVE_INFINITY)
  return audio.evaluate((el: HTMLAudioElement) => el.duration)
}

async function scanA11y(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([])
}

async function recordFor(review: ReviewPage, ms: number) {
  const { page } = review
  const button = page.getByRole('button', { name: 'Record answer' })
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  await button.click()
  const stop = page.getByRole('button', { name: 'Stop recording' })
  await expect(stop).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('meter', { name: 'Input level' })).toBeVisible()
  await expect(page.getByTestId('recording-elapsed')).toHaveText('0:01')
  await page.waitForTimeout(ms - 1000)
  return stop
}

test('record → play back as "Your answer", kept on reveal and reload, "Last time" at the next review, deleted from settings; nothing audio leaves the browser', async ({
  page,
  context,
  review,
}) => {
  const audioRequests: string[] = []
  page.on('request', (request) => {
    if (carriesAudio(request)) audioRequests.push(`${request.method()} ${request.url()}`)
  })

  await setNow(context, '2026-03-10T10:00:00Z')
  await review.open()
  await expect(review.card).toHaveAttribute('data-card-id', MAIN_CARD)
  await expect(
    page.getByText('Recordings stay in this browser and are never sent to the server.'),
  ).toBeVisible()
  // The main card's front matter sets a 3-minute target; the answer timer shows it.
  await expect(page.getByTestId('answer-target')).toHaveText(' · target 3:00')

  const stop = await recordFor(review, 2000)
  await scanA11y(page) // recorder on screen, recording
  await stop.click()
  await expect(page.getByRole('button', { name: 'Record answer' })).toHaveAttribute('aria-pressed', 'false')
  await expect(yourAnswer(page)).toBeVisible()
  await expect(yourAnswer(page)).toHaveAccessibleName('Your answer')
  expect(await durationS(page, 'your-answer-audio')).toBeGreaterThanOrEqual(1.5)
  expect(await yourAnswer(page).getAttribute('src')).toMatch(/^blob:/)

  // Show answer keeps it, above the points.
  await review.showAnswer()
  await expect(yourAnswer(page)).toBeVisible()
  const playerBox = await yourAnswer(page).boundingBox()
  const pointsBox = await page.getByRole('group', { name: 'Which points did you make?' }).boundingBox()
  expect(playerBox && pointsBox && playerBox.y < pointsBox.y).toBe(true)
  await scanA11y(page)

  // Reload: the card is still under review and its recording is still there.
  await review.open()
  await expect(review.card).toHaveAttribute('data-card-id', MAIN_CARD)
  await expect(yourAnswer(page)).toBeVisible()
  expect(await durationS(page, 'your-answer-audio')).toBeGreaterThanOrEqual(1.5)
  await expect(lastTime(page)).toHaveCount(0)

  // Grade it; weeks later the card is due again: last review's take plays as "Last time".
  await review.showAnswer()
  await review.tickAll()
  await review.grade('Good')
  await setNow(context, '2026-05-10T10:00:00Z')
  await review.open()
  await expect(review.card).toHaveAttribute('data-card-id', MAIN_CARD)
  await expect(lastTime(page)).toBeVisible()
  await expect(lastTime(page)).toHaveAccessibleName('Last time')
  await expect(yourAnswer(page)).toHaveCount(0)
  await review.prompt.click() // a user gesture, so the autoplay policy lets audio play
  await lastTime(page).evaluate((el: HTMLAudioElement) => el.play())
  await expect
    .poll(() => lastTime(page).evaluate((el: HTMLAudioElement) => el.currentTime))
    .toBeGreaterThan(0.2)
  await lastTime(page).evaluate((el: HTMLAudioElement) => el.pause())

  // This review's take and last time's, side by side, then Show answer stops a running recording.
  await recordFor(review, 1500)
  await review.showAnswer()
  await expect(page.getByRole('button', { name: 'Stop recording' })).toHaveCount(0)
  await expect(yourAnswer(page)).toBeVisible()
  await expect(lastTime(page)).toBeVisible()

  await page.goto('/settings')
  await expect(page.getByTestId('recordings-summary')).toContainText('2 recordings')
  await page.getByRole('button', { name: 'Delete my recordings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'deleted' })).toBeVisible()
  await expect(page.getByTestId('recordings-summary')).toHaveText('No recordings are stored in this browser.')
  await review.open()
  await expect(page.getByRole('button', { name: 'Record answer' })).toBeVisible()
  await expect(lastTime(page)).toHaveCount(0)
  await expect(yourAnswer(page)).toHaveCount(0)

  expect(audioRequests).toEqual([])
})
