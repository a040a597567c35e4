// `npm run bench:web`: Lighthouse (mobile: the default emulation and throttling) on the
// production build, served as `npm start` serves it (scripts/server.ts), for every page
// bench:pages measures (bench/pages-list.ts; Lighthouse refuses a 404), as a new learner,
// each beside `/offline` (the layout and nothing else) audited in the same run: this
// machine's CPU is slow by Lighthouse's measure, so the plainest page is the yardstick.
// Targets (issues 39, 51): every page within 5 performance points of /offline, its TBT ≤ 1.5×
// /offline's, CLS 0, /review's LCP within 1.5× of /offline's, accessibility 100. Beside them each
// page's main-thread time during load (Lighthouse's mainthread-work-breakdown total) as a ratio to
// /offline's in the same run: a figure a faster machine cannot hide (issue 51).
// BENCH_WEB_DETAILS=1 also prints, per page, where that time went (task groups, the costliest
// scripts) and which elements shifted. Each figure is the median of 3 runs
// (BENCH_LIGHTHOUSE_RUNS), the pages audited round-robin so drift hits them alike.
// Also every route's first-load JS from <distDir>/diagnostics/route-bundle-stats.json.
// `npm run bench:web -- /review /settings` audits only those pages (and /offline).
// Builds into NEXT_DIST_DIR (default .next-bench) unless BENCH_SKIP_BUILD=1 and a build exists.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import { startNextServer } from '../e2e/next-server'
import { launchChrome } from './chrome'
import { BENCH_PAGES } from './pages-list'
import { buildForBench } from './production'
import { detailLines, type LoadDetails, loadDetailsOf } from './web-details'

const ROUTES_OF_INTEREST = new Set(['/review', '/sandbox', '/cards/[id]', '/settings', '/stats', '/plan'])
/** The yardstick: the layout and nothing else. */
const REFERENCE_PAGE = '/offline'
const MAX_POINTS_BELOW_REFERENCE = 5
const MAX_REVIEW_LCP_RATIO = 1.5
const MAX_TBT_RATIO = 1.5
const MAX_CLS = 0
const DETAILS = process.env.BENCH_WEB_DETAILS === '1'
const TARGET_A11Y = 100
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)

interface Scores {
  performance: number
  accessibility: number
  lcpMs: number
  tbtMs: number
  cls: number
  failedA11y: string[]
  details: LoadDetails
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
    details: loadDetailsOf(lhr),
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

interface PageFigures {
  performance: number
  accessibility: number
  lcpMs: number
  tbtMs: number
  cls: number
  failedA11y: string[]
  mainThreadMs: number
  /** The run with the median main-thread time: its breakdown is the one printed. */
  medianRun: LoadDetails | undefined
}

function figuresOf(runs: Scores[]): PageFigures {
  const byMainThread = [...runs].sort((a, b) => a.details.mainThreadMs - b.details.mainThreadMs)
  return {
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    failedA11y: [...new Set(runs.flatMap((r) => r.failedA11y))],
    mainThreadMs: median(runs.map((r) => r.details.mainThreadMs)),
    medianRun: byMainThread[Math.floor(byMainThread.length / 2)]?.details,
  }
}

/** The pages named on the command line (each must be in BENCH_PAGES), else all of them. */
function pagesToAudit(args: string[]): string[] {
  const unknown = args.filter((page) => !(BENCH_PAGES as readonly string[]).includes(page))
  if (unknown.length > 0) throw new Error(`not in bench/pages-list.ts: ${unknown.join(', ')}`)
  return args.length > 0 ? args : [...BENCH_PAGES]
}

function verdictOf(page: string, figures: PageFigures, reference: PageFigures): string[] {
  const misses: string[] = []
  const below = reference.performance - figures.performance
  if (below > MAX_POINTS_BELOW_REFERENCE) misses.push(`perf ${below} points below ${REFERENCE_PAGE}`)
  if (figures.tbtMs > reference.tbtMs * MAX_TBT_RATIO)
    misses.push(`TBT ×${(figures.tbtMs / reference.tbtMs).toFixed(2)} of ${REFERENCE_PAGE}'s`)
  if (Number(figures.cls.toFixed(3)) > MAX_CLS) misses.push(`CLS ${figures.cls.toFixed(3)}`)
  if (figures.accessibility < TARGET_A11Y) misses.push(`a11y ${figures.accessibility}`)
  if (page === '/review' && figures.lcpMs > reference.lcpMs * MAX_REVIEW_LCP_RATIO)
    misses.push(`LCP ×${(figures.lcpMs / reference.lcpMs).toFixed(2)} of ${REFERENCE_PAGE}'s`)
  return misses
}

async function main(): Promise<number> {
  const pages = pagesToAudit(process.argv.slice(2))
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
    // No warming fetch: the server listens only once it is warm (scripts/warm-up.ts).
    // Round-robin: run i audits every page once, so a slow spell of the machine hits all pages.
    const audited = [REFERENCE_PAGE, ...pages]
    const runsOf = new Map<string, Scores[]>(audited.map((page) => [page, []]))
    for (let i = 0; i < RUNS; i++)
      for (const page of audited) runsOf.get(page)?.push(await audit(`${server.baseUrl}${page}`, chrome.port))
    const reference = figuresOf(runsOf.get(REFERENCE_PAGE) ?? [])

    console.log(`\nLighthouse (median of ${RUNS} runs) — mobile, production build, ${distDir}`)
    console.log(
      `Targets: perf within ${MAX_POINTS_BELOW_REFERENCE} points of ${REFERENCE_PAGE}, TBT ≤ ${MAX_TBT_RATIO}× ${REFERENCE_PAGE}'s, CLS ${MAX_CLS}, /review's LCP ≤ ${MAX_REVIEW_LCP_RATIO}× ${REFERENCE_PAGE}'s, a11y ${TARGET_A11Y}`,
    )
    console.log(
      `Main thread: Lighthouse's mainthread-work-breakdown total for the load (CPU-throttled ms), × ${REFERENCE_PAGE}'s in this run`,
    )
    console.log(
      `${'page'.padEnd(26)} perf (Δ ref)  a11y  LCP ms (× ref)   TBT ms (× ref)   main ms (× ref)    CLS    verdict`,
    )
    for (const page of audited) {
      const f = figuresOf(runsOf.get(page) ?? [])
      const misses = page === REFERENCE_PAGE ? [] : verdictOf(page, f, reference)
      failed ||= misses.length > 0
      const delta = f.performance - reference.performance
      console.log(
        [
          page.padEnd(26),
          `${String(f.performance).padStart(4)} (${(delta >= 0 ? `+${delta}` : String(delta)).padStart(4)})`,
          `  ${String(f.accessibility).padStart(4)}`,
          `  ${f.lcpMs.toFixed(0).padStart(6)} (×${(f.lcpMs / reference.lcpMs).toFixed(2)})`,
          `  ${f.tbtMs.toFixed(0).padStart(6)} (×${(f.tbtMs / reference.tbtMs).toFixed(2)})`,
          `  ${f.mainThreadMs.toFixed(0).padStart(6)} (×${(f.mainThreadMs / reference.mainThreadMs).toFixed(2)})`,
          `  ${f.cls.toFixed(3)}`,
          `  ${page === REFERENCE_PAGE ? 'reference' : misses.length === 0 ? 'ok' : `BELOW TARGET: ${misses.join('; ')}`}`,
        ].join(''),
      )
      if (f.failedA11y.length > 0)
        console.log(`${' '.repeat(27)}failing accessibility audits: ${f.failedA11y.join(', ')}`)
      if (DETAILS && f.medianRun)
        for (const line of detailLines(f.medianRun, ' '.repeat(27))) console.log(line)
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
