import { chromium, devices } from '@playwright/test'
const url = process.argv[2]
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const context = await browser.newContext({ ...devices['Moto G4'] })
const page = await context.newPage()
const cdp = await context.newCDPSession(page)
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)))
await page.addInitScript(() => {
  window.__lt = []
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]) }).observe({ type: 'longtask', buffered: true })
})
await page.goto(url)
await page.waitForTimeout(8000)
const lt = await page.evaluate(() => window.__lt)
console.log(JSON.stringify(lt), 'TBT-ish', lt.reduce((a, [, d]) => a + Math.max(0, d - 50), 0))
await browser.close()
