// `npm run bench:web`: Lighthouse (mobile: the default emulation and throttling) on the
// production build for /sandbox and the idempotency card — performance ≥ 95 and
// accessibility 100 are the targets — and every route's first-load JS from
// <distDir>/diagnostics/route-bundle-stats.json, all measured in one run.
// Builds into NEXT_DIST_DIR (default .next-bench) unless BENCH_SKIP_BUILD=1 and a build exists.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const distDir = process.env.NEXT_DIST_DIR ?? '.next-bench'
const chromePath =
  process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const PAGES = [
  { name: 'sandbox', path: '/sandbox' },
  { name: 'card', path: '/cards/idempotency-keys' },
  { name: 'plan', path: '/plan' },
] as const
const ROUTES_OF_INTEREST = new Set(['/sandbox', '/cards/[id]', '/plan'])
const TARGET_PERF = 95
const TARGET_A11Y = 100
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1)

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

function build(): void {
  if (process.env.BENCH_SKIP_BUILD === '1' && fs.existsSync(path.join(distDir, 'BUILD_ID'))) {
    console.log(`Reusing the build in ${distDir}.`)
    return
  }
  console.log(`Building into ${distDir} …`)
  const result = spawnSync('npm', ['run', 'build'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
  })
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status})`)
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const env = {
    ...process.env,
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: '1',
    DRILL_DB: path.join(dataDir, 'bench.db'),
    DRILL_PROVIDER_DB: path.join(dataDir, 'bench-provider.db'),
    PORT: String(port),
  }
  const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'db/migrate.ts'], { env, stdio: 'inherit' })
  if (migrate.status !== 0) throw new Error('migrating the bench database failed')
  const child = spawn(
    process.execPath,
    [path.join('node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port)],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGTERM')
  throw new Error('the server did not become healthy in 60 s')
}

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
  build()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-bench-web-'))
  const port = await freePort()
  const server = await startServer(port, dataDir)
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
    ],
  })
  let failed = false
  try {
    console.log(
      `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}— mobile, production build, ${distDir}`,
    )
    console.log('page       perf  a11y  LCP ms  TBT ms  CLS    verdict')
    for (const page of PAGES) {
      const url = `http://127.0.0.1:${port}${page.path}`
      await fetch(url) // warm the server's caches, as a returning visitor would find it
      const runs: Scores[] = []
      for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port))
      const perf = median(runs.map((r) => r.performance))
      const a11y = median(runs.map((r) => r.accessibility))
      const ok = perf >= TARGET_PERF && a11y >= TARGET_A11Y
      failed ||= !ok
      console.log(
        `${page.name.padEnd(10)} ${String(perf).padStart(4)}  ${String(a11y).padStart(4)}  ${median(
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
        console.log(`           failing accessibility audits: ${failedAudits.join(', ')}`)
    }
  } finally {
    await chrome.kill()
    server.kill('SIGTERM')
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
