// Issue 51, item 2: nothing moves under a learner's thumb. Each page bench:web measures is opened on a
// phone-sized screen and watched from its first paint until it has hydrated and its after-load data has
// arrived; no element may shift (CLS 0). A control that appears only once the browser has answered a
// question (can it record? can it speak?) must hold its place from the server's HTML instead.
import { BENCH_PAGES } from '../bench/pages-list'
import { expect, test } from './fixtures'

// Lighthouse's mobile screen, the one bench:web scores.
test.use({ viewport: { width: 412, height: 823 } })

interface Shift {
  value: number
  nodes: string[]
}

for (const path of BENCH_PAGES) {
  test(`${path} does not shift while it loads on a slow phone`, async ({ page, context }) => {
    // Lighthouse's phone CPU (4× slower): hydration and the after-load data land later, as they
    // would there, so a part that hydrates late or is redrawn meanwhile shows up here.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.addInitScript(() => {
      const shifts: Shift[] = []
      ;(window as unknown as { shifts: Shift[] }).shifts = shifts
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{
          value: number
          hadRecentInput: boolean
          sources: Array<{ node?: Node }>
        }>)
          if (!entry.hadRecentInput)
            shifts.push({
              value: entry.value,
              nodes: entry.sources.map(
                (s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? '?',
              ),
            })
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(path)
    // Hydrated and its after-load data in (the day's queue, the device's grades): the network is
    // quiet and the browser has had an idle moment since.
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })))
    const shifts = await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts)
    expect(shifts).toEqual([])
  })
}
