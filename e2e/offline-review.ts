// Steps the offline and two-device specs share: waiting until a device can review
// offline, and grading the card on screen.
import { expect, type Page, type ReviewPage } from './fixtures'

/** The service worker controls the page and has kept a copy of /review and of the rest of its day. */
export async function reviewKeptOffline(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 })
  // A copy with its queue (expect.poll awaits the page's promise; waitForFunction would not).
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          ((await (await caches.match('/review'))?.text()) ?? '').includes('data-testid="review-card"'),
        ),
      { timeout: 30_000 },
    )
    .toBe(true)
  await expect
    .poll(
      () =>
        page.evaluate(
          async () =>
            ((await (await caches.match('/api/review/day'))?.json()) as { items?: [] })?.items?.length,
        ),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0)
}

/** Grades the card on screen, Good unless told (a recall card: reveal, tick all; a drill: answer it). */
export async function gradeShownCard(
  review: ReviewPage,
  rating: 'Again' | 'Hard' | 'Good' | 'Easy' = 'Good',
): Promise<string> {
  const cardId = (await review.cardId()) ?? ''
  if (await review.showAnswerButton.isVisible()) {
    await review.showAnswer()
    await review.tickAll()
  } else await review.answerDrill()
  await review.grade(rating)
  return cardId
}
