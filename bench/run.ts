// `npm run bench:<name>` runs bench/<name>.ts through here, so every benchmark leaves the
// work tree as it found it: files Next rewrites are restored, and a run that still changed
// `git status` fails loudly instead of leaving lint to fail later.
import { spawnSync } from 'node:child_process'
import { gitStatus, REWRITTEN_BY_NEXT, saveFiles, worktreeChanges } from './worktree'

const BENCHES = [
  'engine',
  'api',
  'review',
  'web',
  'pages',
  'drills',
  'recovery',
  'capacity',
  'anki',
  'plan',
  'scale',
  'sync',
  'grading-served',
  'grading',
  'check',
  'heavy',
  'voice',
] as const
const [name, ...args] = process.argv.slice(2)
if (!BENCHES.includes(name as (typeof BENCHES)[number])) {
  console.error(`usage: tsx bench/run.ts <${BENCHES.join('|')}> [args…]`)
  process.exit(2)
}

const before = gitStatus()
const saved = saveFiles(REWRITTEN_BY_NEXT)
// Ctrl+C reaches the benchmark too; this process stays to clean up after it.
process.on('SIGINT', () => {})
const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`, ...args], {
  stdio: 'inherit',
})
saved.restore()

const changes = worktreeChanges(before, gitStatus())
if (changes.length > 0) {
  console.error(`\nbench:${name} left the work tree changed:\n${changes.join('\n')}`)
  process.exit(1)
}
process.exit(run.status ?? 1)
