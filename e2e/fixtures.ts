// The suite's `test`: Playwright's, plus a watcher that fails any test during which a
// page reported a Content-Security-Policy violation, so every spec that browses a page
// also checks that the CSP (lib/http/security-headers.ts) breaks nothing on it.
// Specs import { test, expect } from './fixtures' instead of '@playwright/test'.
import { type Browser, type BrowserContext, test as base, expect } from '@playwright/test'

export type { BrowserContext, Page } from '@playwright/test'
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

export const test = base.extend<{ cspViolations: string[] }>({
  // Auto: every test in a spec that imports this file is watched, including the extra
  // contexts it opens with browser.newContext(). A test that provokes a violation on
  // purpose empties the array after checking it.
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
})
