// `npm test`: every check, stopping at the first phase that fails, then the time of each.
// Four phases:
//   1. typecheck, lint, imports, content — side by side (only the typecheck is heavy);
//   2. the e2e suite's production build (`npm run build`);
//   3. unit (Vitest);
//   4. e2e (Playwright), told the build is done (DRILL_E2E_BUILT=1, playwright.config.ts).
// A step run beside another has its output held and printed whole once it ends.
import { spawn } from 'node:child_process'

interface Step {
  name: string
  args: string[]
  /** Prints as it runs (one such step per phase); the others are printed when they end. */
  live?: boolean
  env?: Record<string, string>
}

interface Outcome {
  name: string
  seconds: number
  code: number
}

const phases: Step[][] = [
  [
    { name: 'typecheck', args: ['run', 'typecheck'], live: true },
    { name: 'lint', args: ['run', 'lint'] },
    { name: 'imports', args: ['exec', '--', 'tsx', 'scripts/check-imports.ts'] },
    { name: 'content', args: ['exec', '--', 'tsx', 'scripts/check-content.ts'] },
  ],
  // The build and the unit suite each alone: vitest's two-instance PostgreSQL tests time their
  // waits, and a build beside them on 2 cores made one of them miss its bound (409 for a wait).
  [{ name: 'build (for e2e)', args: ['run', 'build'], live: true }],
  [{ name: 'unit', args: ['run', 'test:unit'], live: true }],
  [{ name: 'e2e', args: ['run', 'test:e2e'], live: true, env: { DRILL_E2E_BUILT: '1' } }],
]

function run(step: Step): Promise<Outcome> {
  const started = Date.now()
  console.log(`▶ ${step.name}: npm ${step.args.join(' ')}`)
  const child = spawn('npm', step.args, {
    stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...step.env },
  })
  const held: Buffer[] = []
  child.stdout?.on('data', (chunk: Buffer) => held.push(chunk))
  child.stderr?.on('data', (chunk: Buffer) => held.push(chunk))
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000
      if (!step.live) {
        console.log(`\n── ${step.name} (ran alongside) ──`)
        process.stdout.write(Buffer.concat(held))
      }
      const failed = code !== 0
      console.log(
        failed
          ? `✖ ${step.name} failed after ${seconds.toFixed(1)}s (exit ${code ?? signal})`
          : `✔ ${step.name} passed in ${seconds.toFixed(1)}s`,
      )
      resolve({ name: step.name, seconds, code: code ?? 1 })
    })
  })
}

function report(outcomes: Outcome[], phaseSeconds: number[], totalSeconds: number) {
  console.log('\nTimes (s):')
  for (const { name, seconds, code } of outcomes)
    console.log(`  ${name.padEnd(18)} ${seconds.toFixed(1).padStart(7)}${code === 0 ? '' : '  FAILED'}`)
  for (const [i, seconds] of phaseSeconds.entries())
    console.log(
      `  phase ${i + 1} (${(phases[i] ?? []).map((s) => s.name).join(' ‖ ')}) ${seconds.toFixed(1)}`,
    )
  console.log(`  total ${totalSeconds.toFixed(1)}`)
}

const started = Date.now()
const outcomes: Outcome[] = []
const phaseSeconds: number[] = []
for (const phase of phases) {
  const phaseStarted = Date.now()
  const results = await Promise.all(phase.map(run))
  outcomes.push(...results)
  phaseSeconds.push((Date.now() - phaseStarted) / 1000)
  const failed = results.find((r) => r.code !== 0)
  if (failed) {
    report(outcomes, phaseSeconds, (Date.now() - started) / 1000)
    console.error(`\n✖ ${failed.name} failed`)
    process.exit(failed.code)
  }
}
report(outcomes, phaseSeconds, (Date.now() - started) / 1000)
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(1)}s`)
