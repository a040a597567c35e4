// A browser context taken offline the way a phone without a network is: every request fails and
// every page's navigator.onLine is false, with its `offline` event. With Playwright 1.65 driving
// Debian's Chromium 150, `context.setOffline(true)` does the first but not the second for a page
// loaded after it (a reload or a visit while offline reads navigator.onLine as true, and Drill's
// sync status then says nothing). So each page is also told its network state through the
// DevTools protocol now and on each load while offline; a browser that already gets it right
// gets the same state twice.
import type { BrowserContext, CDPSession, Page } from '@playwright/test'

const offlineContexts = new WeakSet<BrowserContext>()
const watchedContexts = new WeakSet<BrowserContext>()
const sessions = new WeakMap<Page, Promise<CDPSession>>()

async function tellPage(page: Page, offline: boolean): Promise<void> {
  let session = sessions.get(page)
  if (!session) {
    session = page.context().newCDPSession(page)
    sessions.set(page, session)
  }
  await (await session).send('Network.emulateNetworkConditions', {
    offline,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
}

function watchLoads(context: BrowserContext, page: Page): void {
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame() || !offlineContexts.has(context)) return
    // A page closing meanwhile is no failure of the test.
    tellPage(page, true).catch(() => {})
  })
}

/** Takes every page of `context` offline (or back online), pages loaded later included. */
export async function setOffline(context: BrowserContext, offline: boolean): Promise<void> {
  if (!watchedContexts.has(context)) {
    watchedContexts.add(context)
    for (const page of context.pages()) watchLoads(context, page)
    context.on('page', (page) => watchLoads(context, page))
  }
  if (offline) offlineContexts.add(context)
  else offlineContexts.delete(context)
  await context.setOffline(offline)
  await Promise.all(context.pages().map((page) => tellPage(page, offline)))
}
