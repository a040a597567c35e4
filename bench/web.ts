// `npm run bench:web`: Lighthouse (mobile: the default emulation and throttling) on the
// production build, served as `npm start` serves it (scripts/server.ts), for every page
// bench:pages measures (bench/pages-list.ts; Lighthouse refuses a 404), as a new learner —
// performance ≥ 95 and accessibility 100 are the targets — and every route's first-load
// JS from <distDir>/diagnostics/route-bundle-stats.json, all measured in one run.
// Builds into NEXT_DIST_DIR (default .next-bench) unless BENCH_SKIP_BUILD=1 and a build exists.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import { startNextServer } from '../e2e/next-server'
import { launchChrome } from './chrome'
import { BENCH_PAGES } from './pages-list'
import { buildForBench } from './production'

const ROUTES_OF_INTEREST = new Set(['/sandbox', '/cards/[id]', '/stats', '/plan'])
const TARGET_PERF = 95
const TARGET_A11Y = 100
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1)

interface Scores {
  performance: number
  accessibility: number
  lcpMs: number
  tbtMs: number
  cls: number
  failedA11y: string[]
}

async function audit(url: string, port: number): Promise<Scores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failedA11y,
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

async function main(): Promise<number> {
  const distDir = buildForBench()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-bench-web-'))
  const server = await startNextServer({
    env: {
      NEXT_DIST_DIR: distDir,
      DRILL_DB: path.join(dataDir, 'bench.db'),
      DRILL_PROVIDER_DB: path.join(dataDir, 'bench-provider.db'),
    },
  })
  const chrome = await launchChrome()
  let failed = false
  try {
    console.log(
      `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}— mobile, production build, ${distDir}`,
    )
    console.log(`${'page'.padEnd(26)} perf  a11y  LCP ms  TBT ms  CLS    verdict`)
    // No warming fetch: the server listens only once it is warm (scripts/warm-up.ts).
    for (const page of BENCH_PAGES) {
      const url = `${server.baseUrl}${page}`
      const runs: Scores[] = []
      for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port))
      const perf = median(runs.map((r) => r.performance))
      const a11y = median(runs.map((r) => r.accessibility))
      const ok = perf >= TARGET_PERF && a11y >= TARGET_A11Y
      failed ||= !ok
      console.log(
        `${page.padEnd(26)} ${String(perf).padStart(4)}  ${String(a11y).padStart(4)}  ${median(
          runs.map((r) => r.lcpMs),
        )
          .toFixed(0)
          .padStart(6)}  ${median(runs.map((r) => r.tbtMs))
          .toFixed(0)
          .padStart(
            6,
          )}  ${median(runs.map((r) => r.cls)).toFixed(3)}  ${ok ? 'ok' : 'BELOW TARGET'} (perf ${perf}/${TARGET_PERF} = ${(
          perf / TARGET_PERF
        ).toFixed(2)}, a11y ${a11y}/${TARGET_A11Y})`,
      )
      const failedAudits = [...new Set(runs.flatMap((r) => r.failedA11y))]
      if (failedAudits.length > 0)
        console.log(`${' '.repeat(27)}failing accessibility audits: ${failedAudits.join(', ')}`)
    }
  } finally {
    await chrome.kill()
    await server.kill('SIGTERM')
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  const statsFile = path.join(distDir, 'diagnostics', 'route-bundle-stats.json')
  const rows = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as Array<{
    route: string
    firstLoadUncompressedJsBytes: number
  }>
  const smallest = Math.min(...rows.map((r) => r.firstLoadUncompressedJsBytes))
  console.log(`\nFirst-load JS per route (uncompressed, ${statsFile}; ratio to the smallest route)`)
  for (const row of rows) {
    const mark = ROUTES_OF_INTEREST.has(row.route) ? '  ←' : ''
    console.log(
      `${row.route.padEnd(34)} ${kb(row.firstLoadUncompressedJsBytes).padStart(10)}  ×${(row.firstLoadUncompressedJsBytes / smallest).toFixed(2)}${mark}`,
    )
  }
  return failed ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(2)
  },
)
