// Golden traces: `npm run sim -- <id> --json` for every canonical scenario as shipped, with all
// flaws off (--correct) and with each flaw alone. A refactor of the engine, runner, checker or
// narration must keep every one byte-identical. Regenerate only for an intended behaviour change: UPDATE_GOLDEN=1 npx vitest run
// lib/engine/sim/golden.test.ts (and say why in the commit).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../../scripts/sim'
import { canonicalScenarios, FLAWS, randomScenario, runScenario } from '..'

const dir = path.join(__dirname, '__golden__')
const update = process.env.UPDATE_GOLDEN === '1'

async function simJson(args: string[]): Promise<string> {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli([...args, '--json'], { out: (t) => out.push(t), err: (t) => err.push(t) })
  expect(err.join(''), `stderr of sim ${args.join(' ')}`).toBe('')
  expect(code).toBeLessThan(2)
  return out.join('')
}

const variants: Array<[suffix: string, flags: string[]]> = [
  ['', []],
  ['.correct', ['--correct']],
  ...FLAWS.map((flaw): [string, string[]] => [`.${flaw}`, ['--flaw', flaw]]),
]

describe('golden traces (byte-identical across refactors)', () => {
  for (const scenario of canonicalScenarios()) {
    it(`${scenario.id}: as shipped, correct, and with each flaw`, async () => {
      for (const [suffix, flags] of variants) {
        const file = path.join(dir, `${scenario.id}${suffix}.json`)
        const actual = await simJson([scenario.id, ...flags])
        if (update) fs.writeFileSync(file, actual)
        expect(actual, `sim ${scenario.id} ${flags.join(' ')} vs ${path.basename(file)}`).toBe(
          fs.readFileSync(file, 'utf8'),
        )
      }
    })
  }

  // Random schedules reach corners the ten scenarios do not (concurrent requests in one
  // instant, crashes at every point, sweeps racing retries): one digest per config over
  // 150 seeds, of the whole trace, the verdict and the client responses.
  it('random schedules 1–150: same trace digest per flaw', async () => {
    const digests: Record<string, string> = {}
    for (const flaw of ['correct', ...FLAWS] as const) {
      const hash = createHash('sha256')
      for (let seed = 1; seed <= 150; seed++) {
        const result = await runScenario(randomScenario(seed), {
          config: { flaws: flaw === 'correct' ? [] : [flaw] },
        })
        hash.update(JSON.stringify([result.trace, result.violations, result.notes, result.responses]))
      }
      digests[flaw] = hash.digest('hex')
    }
    const file = path.join(dir, 'random-digests.json')
    const text = `${JSON.stringify(digests, null, 2)}\n`
    if (update) fs.writeFileSync(file, text)
    expect(text).toBe(fs.readFileSync(file, 'utf8'))
  })

  it('has no stale golden files', () => {
    const expected = new Set(
      canonicalScenarios().flatMap((s) => variants.map(([suffix]) => `${s.id}${suffix}.json`)),
    )
    expected.add('random-digests.json')
    expect(fs.readdirSync(dir).filter((f) => !expected.has(f))).toEqual([])
  })
})
