// How every spec launches Chromium: Debian's build where it exists (this machine, CI),
// Playwright's own elsewhere. Specs that need extra flags (the fake microphone) extend
// these instead of replacing them.
import fs from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

// Debian's headless shell (package chromium-headless-shell) when installed: the same engine without the
// full browser's UI process, a fraction of the CPU per page on a 2-core machine; else the full browser.
const fullChromium = '/usr/bin/chromium'
const debianChromium = ['/usr/lib/chromium/chromium-headless-shell', fullChromium].find((path) =>
  fs.existsSync(path),
)

export const baseLaunchOptions: LaunchOptions = {
  executablePath: debianChromium,
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

/**
 * As launchOptionsWith, in the full browser: the headless shell answers a denied permission prompt with
 * another error than the browser a learner runs, so the spec of that prompt runs in the real one.
 */
export function fullBrowserLaunchOptionsWith(...extraArgs: string[]): LaunchOptions {
  return {
    ...launchOptionsWith(...extraArgs),
    executablePath: fs.existsSync(fullChromium) ? fullChromium : undefined,
  }
}
