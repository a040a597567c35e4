// How every spec launches Chromium: Debian's build where it exists (this machine, CI),
// Playwright's own elsewhere. Specs that need extra flags (the fake microphone) extend
// these instead of replacing them.
import fs from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

const debianChromium = '/usr/bin/chromium'

export const baseLaunchOptions: LaunchOptions = {
  executablePath: fs.existsSync(debianChromium) ? debianChromium : undefined,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

/** The base launch plus extra Chromium flags, for one spec's `test.use({ launchOptions })`. */
export function launchOptionsWith(...extraArgs: string[]): LaunchOptions {
  return { ...baseLaunchOptions, args: [...(baseLaunchOptions.args ?? []), ...extraArgs] }
}
