// The Chrome the Lighthouse benchmarks audit with (chrome-launcher, Lighthouse's own launcher):
// Debian's chromium where it exists (STACK.md), headless, with a fresh profile per launch.
import fs from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'

const chromePath =
  process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

export function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
    ],
  })
}
