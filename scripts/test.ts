// `npm test`: every check, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process'

const steps: Array<[string, string[]]> = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['imports', ['exec', '--', 'tsx', 'scripts/check-imports.ts']],
  ['content', ['exec', '--', 'tsx', 'scripts/check-content.ts']],
  ['unit', ['run', 'test:unit']],
  ['e2e', ['run', 'test:e2e']],
]

const started = Date.now()
for (const [name, args] of steps) {
  const stepStarted = Date.now()
  console.log(`\n▶ ${name}: npm ${args.join(' ')}`)
  const result = spawnSync('npm', args, { stdio: 'inherit' })
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s (exit ${result.status ?? result.signal})`)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${name} passed in ${seconds}s`)
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(1)}s`)
