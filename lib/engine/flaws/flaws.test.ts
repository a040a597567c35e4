// The flaw mechanism: the correct protocol knows nothing of flaws, each flaw replaces
// only named steps, and the wiring composes exactly the switched-on ones.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { stepsFor } from '../engine'
import { correctSteps } from '../protocol/correct'
import { engineConfig, FLAWS } from '../types'
import { FLAW_STEPS } from '.'

const protocolDir = path.join(__dirname, '..', 'protocol')

describe('flaws as step replacements', () => {
  it('the correct protocol modules never mention a flaw', () => {
    for (const file of fs.readdirSync(protocolDir).filter((f) => f.endsWith('.ts'))) {
      const text = fs.readFileSync(path.join(protocolDir, file), 'utf8')
      for (const flaw of FLAWS) expect(text, `${file} mentions ${flaw}`).not.toContain(flaw)
      expect(text, `${file} reads config.flaws`).not.toMatch(/\.flaws\b/)
    }
  })

  it('every flaw has a module that replaces at least one existing step, and nothing else', () => {
    for (const flaw of FLAWS) {
      const replaced = Object.keys(FLAW_STEPS[flaw])
      expect(replaced.length, flaw).toBeGreaterThan(0)
      for (const step of replaced) expect(Object.keys(correctSteps), `${flaw}: ${step}`).toContain(step)
    }
  })

  it('the wiring lays only the switched-on flaws over the correct steps', () => {
    expect(stepsFor(engineConfig())).toEqual(correctSteps)
    const steps = stepsFor(engineConfig({ flaws: ['no-lease', 'global-scope'] }))
    for (const [name, fn] of Object.entries(steps)) {
      const override =
        FLAW_STEPS['no-lease'][name as keyof typeof steps] ??
        FLAW_STEPS['global-scope'][name as keyof typeof steps]
      expect(fn, name).toBe(override ?? correctSteps[name as keyof typeof steps])
    }
  })
})
