// The production build the page benchmarks (bench:pages, bench:web) run against: built
// into NEXT_DIST_DIR (default .next-bench, beside a developer's .next) unless
// BENCH_SKIP_BUILD=1 and a build is already there.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** Builds (or reuses) the bench build; returns its folder. */
export function buildForBench(): string {
  const distDir = process.env.NEXT_DIST_DIR ?? '.next-bench'
  if (process.env.BENCH_SKIP_BUILD === '1' && fs.existsSync(path.join(distDir, 'BUILD_ID'))) {
    console.log(`Reusing the build in ${distDir}.`)
    return distDir
  }
  console.log(`Building into ${distDir} …`)
  const result = spawnSync('npm', ['run', 'build'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
  })
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status})`)
  return distDir
}
