import { chromium } from '@playwright/test'
const [url, out, y, h, scheme = 'light', width = '412'] = process.argv.slice(2)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, colorScheme: scheme })
await page.goto(url)
await page.screenshot({ path: out, fullPage: true, clip: { x: 0, y: Number(y), width: Number(width), height: Number(h) } })
await browser.close()
