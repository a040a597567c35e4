// Shared e2e helpers: the test-clock cookie and page objects for the review loop and
// the sandbox. Specs import `test` and `expect` from here; the page objects are
// fixtures (`review`, `sandbox`) so a spec names what it does, not which selector does it.
// The `test` here also fails any test during which a page reported a Content-Security-
// Policy violation, so every spec that browses a page checks that the CSP
// (lib/http/security-headers.ts) breaks nothing on it.
import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test'

export type { BrowserContext, Page }
export { expect }

// Runs in every document before the page's own scripts (Playwright injects it over the
// DevTools protocol, which the page's CSP does not govern) and turns each violation into
// a console error the watcher below collects.
const REPORT_VIOLATIONS = () => {
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      console.error(
        `[csp-violation] ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${
          event.sourceFile || event.documentURI
        }:${event.lineNumber}`,
      )
    },
    true,
  )
}

// Chromium also logs "Refused to … because it violates the following Content Security
// Policy directive" on its own; either form counts.
const CSP_MESSAGE = /\[csp-violation\]|Content Security Policy/i

/** Collects the CSP violations of every page in `context` into `sink`. */
export async function watchCspViolations(context: BrowserContext, sink: string[]): Promise<void> {
  await context.addInitScript(REPORT_VIOLATIONS)
  context.on('console', (message) => {
    if (message.type() === 'error' && CSP_MESSAGE.test(message.text()))
      sink.push(`${message.page()?.url() ?? '?'}: ${message.text()}`)
  })
}

/**
 * Moves "now" for the server: it runs with DRILL_TEST_CLOCK=1, so the `drill-now` cookie
 * (a full ISO instant with a zone) replaces its clock for every request of this context.
 */
export async function setNow(context: BrowserContext, isoInstant: string): Promise<void> {
  const baseURL = base.info().project.use.baseURL ?? 'http://127.0.0.1'
  await context.addCookies([{ name: 'drill-now', value: isoInstant, url: baseURL }])
}

/** The learner's stored zone, as the export says it (null until the first visit stored one). */
export async function storedTimezone(page: Page): Promise<string | null> {
  const response = await page.request.get('/api/export')
  expect(response.status()).toBe(200)
  const { settings } = (await response.json()) as { settings: { timezone: string } | null }
  return settings?.timezone ?? null
}

/** /review: the card under review, revealing it, ticking points, grading. */
export class ReviewPage {
  readonly card: Locator
  readonly done: Locator
  readonly prompt: Locator
  readonly showAnswerButton: Locator
  readonly suggestedRating: Locator
  readonly points: Locator

  constructor(readonly page: Page) {
    this.card = page.getByTestId('review-card')
    this.done = page.getByTestId('review-done')
    this.prompt = page.getByTestId('review-prompt')
    this.showAnswerButton = page.getByRole('button', { name: 'Show answer' })
    this.suggestedRating = page.getByTestId('suggested-rating')
    this.points = page.getByRole('group', { name: 'Which points did you make?' }).getByRole('checkbox')
  }

  /**
   * Opens /review and waits for a card or "done" — a card until it answers input, as a learner sees it:
   * its controls are visibly disabled in the first HTML, until the page has hydrated.
   */
  async open(): Promise<void> {
    await this.page.goto('/review')
    await expect(this.card.or(this.done)).toBeVisible()
    await this.waitUntilReady()
  }

  /** The card on screen (if any) answers input: its Show answer (a drill: its first option) is enabled. */
  async waitUntilReady(): Promise<void> {
    if (await this.card.isVisible())
      await expect(this.showAnswerButton.or(this.card.getByRole('radio')).first()).toBeEnabled()
  }

  async cardId(): Promise<string | null> {
    return this.card.getAttribute('data-card-id')
  }

  async showAnswer(): Promise<void> {
    await this.showAnswerButton.click()
  }

  /** The rating button whose accessible name starts with the rating (Again / Hard / Good / Easy). */
  gradeButton(rating: 'Again' | 'Hard' | 'Good' | 'Easy'): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${rating}`) })
  }

  /** The critical point's checkbox (described as critical for screen readers). */
  criticalPoint(): Locator {
    return this.page.locator('input[type="checkbox"][aria-describedby^="critical-"]')
  }

  async tickAll(): Promise<void> {
    for (const box of await this.points.all()) await box.check()
  }

  /** A timeline drill card (the second deck): picks the first option of every question, up to the grade. */
  async answerDrill(): Promise<void> {
    for (let i = 0; i < 6; i++) {
      await this.page.getByRole('radio').first().check()
      await this.page.getByRole('button', { name: 'Check' }).click()
      const next = this.page.getByRole('button', { name: /^(Next|Grade)$/ })
      const grading = (await next.textContent()) === 'Grade'
      await next.click()
      if (grading) return
    }
  }

  /** Grades and waits until the page moved on from this card. */
  async grade(rating: 'Again' | 'Hard' | 'Good' | 'Easy'): Promise<void> {
    const cardId = await this.cardId()
    await this.gradeButton(rating).click()
    await expect(
      this.page.locator(
        `[data-testid="review-done"], [data-testid="review-card"]:not([data-card-id="${cardId}"])`,
      ),
    ).toBeVisible()
  }
}

/** /sandbox: the scenario run, its charge count, violations and the Charge before insert switch. */
export class SandboxPage {
  readonly chargeCount: Locator
  readonly violations: Locator
  readonly orderSwitch: Locator
  readonly runButton: Locator

  constructor(readonly page: Page) {
    this.chargeCount = page.getByTestId('charge-count')
    this.violations = page.getByTestId('violations').getByRole('listitem')
    this.orderSwitch = page.getByRole('switch', { name: 'Charge before insert', exact: true })
    this.runButton = page.getByRole('button', { name: 'Run', exact: true })
  }

  async open(scenarioId: string): Promise<void> {
    await this.page.goto(`/sandbox?scenario=${scenarioId}`)
  }

  /** The slider that steps through a scenario's timeline. */
  stepper(scenarioId: string): Locator {
    return this.page.getByRole('slider', { name: `Step through Timeline of ${scenarioId}` })
  }
}

export const test = base.extend<{ review: ReviewPage; sandbox: SandboxPage; cspViolations: string[] }>({
  // Auto: every test is watched, including the extra contexts it opens with
  // browser.newContext(). A test that provokes a violation on purpose empties the array
  // after checking it.
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = []
      await watchCspViolations(context, violations)
      const b = browser as Browser & { newContext: Browser['newContext'] }
      const original = b.newContext
      b.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const extra = await original.apply(browser, args)
        await watchCspViolations(extra, violations)
        return extra
      }
      try {
        await use(violations)
      } finally {
        b.newContext = original
      }
      expect(violations, 'CSP violations reported while this test browsed').toEqual([])
    },
    { auto: true },
  ],
  review: async ({ page }, use) => {
    await use(new ReviewPage(page))
  },
  sandbox: async ({ page }, use) => {
    await use(new SandboxPage(page))
  },
})

/**
 * On /settings, sets the Decks switches named in `switches` (by their labels) and every other
 * built-in or drills switch to `others` (left as they are when undefined; own decks always
 * are), then saves. Waits until a first visit stored the browser's zone: a /settings drawn
 * before that is redrawn, and would lose the clicks.
 */
export async function setDeckSwitches(
  page: Page,
  switches: Record<string, boolean>,
  others?: boolean,
): Promise<void> {
  await expect.poll(() => storedTimezone(page), { timeout: 30_000 }).not.toBeNull()
  await page.goto('/settings')
  const decks = page.getByRole('group', { name: 'Decks' })
  if (others !== undefined)
    for (const box of await decks.locator('input[name="deck"]:not([value^="own:"])').all()) {
      const label = (await page.locator(`label[for="${await box.getAttribute('id')}"]`).textContent()) ?? ''
      if (!(label.trim() in switches)) await box.setChecked(others)
    }
  for (const [title, on] of Object.entries(switches))
    await decks.getByRole('checkbox', { name: title, exact: true }).setChecked(on)
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible()
}
