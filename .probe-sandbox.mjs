import { chromium } from '@playwright/test'
const url = process.argv[2]
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage()
page.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.url().slice(0, 200)) })
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)))
page.on('pageerror', (e) => console.log('pageerror', e.message.slice(0, 300)))
await page.addInitScript(() => {
  window.__lt = []
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]) }).observe({ type: 'longtask', buffered: true })
})
await page.goto(url)
await page.waitForTimeout(6000)
console.log(JSON.stringify(await page.evaluate(() => window.__lt)))
await browser.close()
