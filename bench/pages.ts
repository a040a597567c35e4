// `npm run bench:pages`: what each page costs the server, next to Next's own 404 page on
// the same server. Against the production build (scripts/server.ts, as `npm start` runs
// it), for a new learner, for one with 2,000 reviews over 200 cards, and for the full deck
// (issue 47: every deck on, every built-in card reviewed 20 times) (both imported through
// POST /api/import; they have finished 1, 20 and 1 mock interviews through POST /api/mock, for
// /mock's list and a report's /mock/<id>), in one run with the requests interleaved (every
// round visits every (learner, page) pair, in an order that rotates from round to round):
//   - server CPU ms per request: user + system time of the server process from
//     /proc/<pid>/stat (what process.cpuUsage reports inside it), per batch of requests;
//     single requests (the first after start) from process.cpuUsage itself, which
//     /api/health reports under the test flag;
//   - p50/p95 latency at 10 concurrent clients;
//   - the HTML's bytes, gzip (as the server sends it to a browser) and uncompressed.
// Each page's CPU is printed as a ratio to the 404 page's, PASS/FAIL against 2× and
// against 30 KB of compressed HTML. Before the rounds: how long the server took to become
// ready, and the first request to each page after start next to its tenth.
// Also the data a page fetches after its first paint (PAGE_DATA: /review's GET /api/review/day),
// with no verdict of its own but its cost shown beside its page's, measured in rounds of its own after the
// pages' (its garbage would otherwise land on the pages after it).
// The page list is bench/pages-list.ts. Env: BENCH_ROUNDS (default 6), BENCH_BATCH (requests per
// batch, default 40), BENCH_SKIP_BUILD=1 to reuse NEXT_DIST_DIR's build,
// BENCH_DUMP_DIR=<folder> to save each (learner, page)'s HTML there for a closer look, PORT for
// the server (a free port otherwise), BENCH_ONLY=<pages> (comma-separated, as pages-list.ts spells
// them: `BENCH_ONLY=/stats,/mock/<id>`) to measure only those pages (the 404 floor always; a page's
// data, PAGE_DATA, with its page), BENCH_LEARNERS=<names> (comma-separated: new, 2k-reviews,
// full-deck) to measure only those learners in the rounds.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { startNextServer } from '../e2e/next-server'
import { storeBenchMocks } from './bench-mocks'
import { FULL_DECK_REVIEWS_PER_CARD, fullDeckLearnerFile } from './full-deck-learner'
import { heavyLearnerFile } from './heavy-learner'
import { BENCH_PAGES, MOCK_REPORT_PAGE, NOT_FOUND_PAGE, PAGE_DATA, pagePathFor } from './pages-list'
import { buildForBench } from './production'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)
const BATCH = Number(process.env.BENCH_BATCH ?? 40)
const CONCURRENCY = 10
const TARGET_RATIO = 2
const TARGET_GZIP_BYTES = 30 * 1024
const FIRST_VS_TENTH_TOLERANCE = 1.5
const unlimited = '1000000/1000000'
const dumpDir = process.env.BENCH_DUMP_DIR
const learnersMeasured = process.env.BENCH_LEARNERS?.split(',')
  .map((name) => name.trim())
  .filter(Boolean)
const only = process.env.BENCH_ONLY?.split(',')
  .map((page) => page.trim())
  .filter(Boolean)

/** Whether BENCH_ONLY (if set) keeps this page, or this page's data with its page. */
function measured(target: string): boolean {
  if (!only?.length || target === NOT_FOUND_PAGE) return true
  return only.includes(target) || only.includes(PAGE_DATA[target] ?? '')
}

/** The server's CPU time so far (user + system, ms), from /proc (USER_HZ = 100). */
function serverCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

interface Answer {
  html: Buffer
  status: number
  wireBytes: number
  htmlBytes: number
  encoding: string
  ms: number
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })

/** One GET as a browser's navigation sends it (HTML, gzip), timed to the last byte. */
async function get(baseUrl: string, pagePath: string, cookie: string): Promise<Answer> {
  try {
    return await getOnce(baseUrl, pagePath, cookie)
  } catch (error) {
    // A kept-alive socket the server closed while it sat idle: a GET is safe to send again.
    if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') throw error
    return getOnce(baseUrl, pagePath, cookie)
  }
}

function getOnce(baseUrl: string, pagePath: string, cookie: string): Promise<Answer> {
  const started = process.hrtime.bigint()
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${pagePath}`,
      {
        agent,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip', cookie },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const body = Buffer.concat(chunks)
          const encoding = String(response.headers['content-encoding'] ?? 'identity')
          const html = encoding === 'gzip' ? zlib.gunzipSync(body) : body
          resolve({
            html,
            status: response.statusCode ?? 0,
            wireBytes: body.length,
            htmlBytes: html.length,
            encoding,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          })
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
  })
}

/** `count` requests over CONCURRENCY clients; the server's CPU for the whole batch. */
async function batch(baseUrl: string, pid: number, pagePath: string, cookie: string, count: number) {
  const answers: Answer[] = []
  let next = 0
  const cpuBefore = serverCpuMs(pid)
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next++
        answers.push(await get(baseUrl, pagePath, cookie))
      }
    }),
  )
  return { answers, cpuMs: serverCpuMs(pid) - cpuBefore }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const pad = (value: string | number, width: number) => String(value).padStart(width)

interface Learner {
  name: string
  cookie: string
  /** The mock interview `MOCK_REPORT_PAGE` shows for this learner. */
  mockId: string
}

interface Tally {
  cpuMs: number
  requests: number
  latencies: number[]
  statuses: Map<number, number>
  wireBytes: number
  htmlBytes: number
  encoding: string
}

async function importLearner(
  baseUrl: string,
  cookie: string,
  name: string,
  file: ReturnType<typeof heavyLearnerFile>,
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(file),
  })
  const body = (await response.json()) as { imported?: { reviewLogsAdded: number; ownCardsAdded: number } }
  if (response.status !== 200 || !body.imported)
    throw new Error(`importing the ${name} learner failed: ${response.status} ${JSON.stringify(body)}`)
  console.log(
    `${name} learner: ${body.imported.reviewLogsAdded} reviews, ${body.imported.ownCardsAdded} own cards imported`,
  )
}

/** The server's CPU time so far (µs), from process.cpuUsage through /api/health (test flag). */
async function serverCpuUs(baseUrl: string): Promise<number> {
  const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { details?: { cpuUs?: number } }
  const cpuUs = health.details?.cpuUs
  if (cpuUs === undefined) throw new Error('/api/health has no cpuUs: is DRILL_TEST_CLOCK=1 set?')
  return cpuUs
}

/**
 * The first request to each page after start, next to its tenth (one client, one after
 * another): wall time, and the server's CPU for the request (process.cpuUsage read just
 * before and after it; both readings cost the same small health request).
 */
async function firstVersusTenth(baseUrl: string, learner: Learner, targets: string[]): Promise<boolean> {
  console.log(`\nFirst request after start vs the tenth (${learner.name} learner, one client)`)
  console.log(
    `${'page'.padEnd(26)}${pad('wall 1st', 10)}${pad('10th', 8)}${pad('CPU 1st', 10)}${pad('10th', 8)}${pad('2nd–10th', 10)}${pad('×', 6)}  verdict (CPU)`,
  )
  let ok = true
  for (const target of targets) {
    const wall: number[] = []
    const cpu: number[] = []
    for (let i = 0; i < 10; i++) {
      const before = await serverCpuUs(baseUrl)
      wall.push((await get(baseUrl, pagePathFor(target, learner.mockId), learner.cookie)).ms)
      cpu.push(((await serverCpuUs(baseUrl)) - before) / 1000)
    }
    const first = cpu[0] ?? Number.NaN
    // Against the median of the later nine: one sample of process CPU also catches V8's
    // background compiling and GC, whichever request they land on.
    const later = percentile(cpu.slice(1), 50)
    const pass = first <= Math.max(later * FIRST_VS_TENTH_TOLERANCE, later + 3)
    ok &&= pass
    console.log(
      `${target.padEnd(26)}${pad((wall[0] ?? 0).toFixed(1), 10)}${pad((wall[9] ?? 0).toFixed(1), 8)}${pad(first.toFixed(2), 10)}${pad((cpu[9] ?? 0).toFixed(2), 8)}${pad(later.toFixed(2), 10)}${pad((first / later).toFixed(2), 6)}  ${pass ? 'PASS' : 'FAIL'}`,
    )
  }
  console.log(
    `(ms; CPU includes the two health reads around each request. PASS: the first request's server CPU ≤ ${FIRST_VS_TENTH_TOLERANCE}× the median of the 2nd–10th, or at most 3 ms more)`,
  )
  return ok
}

/**
 * ROUNDS counted rounds (after one warm-up round: the heavy learner's caches, the JIT) over the
 * pairs, each visiting every pair in an order that rotates from round to round.
 */
async function measureRounds(
  baseUrl: string,
  pid: number,
  pairs: readonly { learner: Learner; target: string }[],
  keyOf: (learner: Learner, target: string) => string,
  tallies: Map<string, Tally>,
): Promise<void> {
  for (let round = 0; round <= ROUNDS; round++) {
    const order = pairs.map((_, i) => pairs[(i + round * 5) % pairs.length] as (typeof pairs)[number])
    for (const { learner, target } of order) {
      const { answers, cpuMs } = await batch(
        baseUrl,
        pid,
        pagePathFor(target, learner.mockId),
        learner.cookie,
        BATCH,
      )
      if (round === 0) continue
      const key = keyOf(learner, target)
      if (dumpDir && !tallies.has(key) && answers[0])
        fs.writeFileSync(
          path.join(dumpDir, `${learner.name}${target.replaceAll('/', '_')}.html`),
          answers[0].html,
        )
      const tally: Tally = tallies.get(key) ?? {
        cpuMs: 0,
        requests: 0,
        latencies: [],
        statuses: new Map(),
        wireBytes: answers[0]?.wireBytes ?? 0,
        htmlBytes: answers[0]?.htmlBytes ?? 0,
        encoding: answers[0]?.encoding ?? '?',
      }
      tally.cpuMs += cpuMs
      tally.requests += answers.length
      for (const answer of answers) {
        tally.latencies.push(answer.ms)
        tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1)
      }
      tallies.set(key, tally)
    }
  }
}

async function main(): Promise<number> {
  const distDir = buildForBench()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-bench-pages-'))
  const startedAt = Date.now()
  const server = await startNextServer({
    // PORT when set (a shared machine's own range); a free port otherwise.
    ...(process.env.PORT ? { port: Number(process.env.PORT) } : {}),
    // Its warm-up renders every page once: on a loaded machine that alone can take a minute.
    timeoutMs: 180_000,
    env: {
      NEXT_DIST_DIR: distDir,
      DRILL_DB: path.join(dataDir, 'bench.db'),
      DRILL_PROVIDER_DB: path.join(dataDir, 'bench-provider.db'),
      // The test flag: /api/health then reports the server's CPU time (process.cpuUsage).
      DRILL_TEST_CLOCK: '1',
      // No sweeps during the run: their CPU would land on whichever page was being measured.
      DRILL_SWEEP_MS: '3600000',
      // The bench is one address sending thousands of page views; the limits are not what it measures.
      DRILL_LIMIT_SANDBOX_LEARNER: unlimited,
      DRILL_LIMIT_SANDBOX_ANONYMOUS: unlimited,
      DRILL_LIMIT_SANDBOX_ADDRESS: unlimited,
    },
  })
  const readyMs = Date.now() - startedAt
  const pid = server.child.pid
  let failed = false
  try {
    if (pid === undefined) throw new Error('the server has no pid')
    console.log(
      `bench:pages — ${server.baseUrl} (${distDir}), server pid ${pid}, ready (health answers) ${readyMs} ms after spawn`,
    )
    const learners: Learner[] = [
      { name: 'new', cookie: `drill-learner=${randomUUID()}`, mockId: '' },
      { name: '2k-reviews', cookie: `drill-learner=${randomUUID()}`, mockId: '' },
      { name: 'full-deck', cookie: `drill-learner=${randomUUID()}`, mockId: '' },
    ]
    const [fresh, heavy, fullDeck] = learners as [Learner, Learner, Learner]
    const targets = [...BENCH_PAGES, MOCK_REPORT_PAGE, ...Object.keys(PAGE_DATA), NOT_FOUND_PAGE].filter(
      measured,
    )
    const unknown = only?.filter((page) => !targets.includes(page)) ?? []
    if (unknown.length > 0)
      throw new Error(`BENCH_ONLY names pages the bench does not have: ${unknown.join(', ')}`)
    // The new learner has finished one mock interview (its report is a page of the list).
    fresh.mockId = await storeBenchMocks(server.baseUrl, fresh.cookie, 1)
    // The very first page requests of this process: nothing has warmed them but the server's own start.
    failed = !(await firstVersusTenth(server.baseUrl, fresh, targets))
    await importLearner(server.baseUrl, heavy.cookie, heavy.name, heavyLearnerFile(Date.now()))
    // The long history has a full list of past mock interviews on /mock (it shows the last 20).
    heavy.mockId = await storeBenchMocks(server.baseUrl, heavy.cookie, 20)
    const fullDeckFile = fullDeckLearnerFile(Date.now())
    await importLearner(server.baseUrl, fullDeck.cookie, fullDeck.name, fullDeckFile)
    console.log(
      `full-deck learner: ${fullDeckFile.cardStates.length} built-in cards, ${FULL_DECK_REVIEWS_PER_CARD} reviews each, every deck on`,
    )
    fullDeck.mockId = await storeBenchMocks(server.baseUrl, fullDeck.cookie, 1)
    const measuredLearners = learners.filter(
      (learner) => !learnersMeasured?.length || learnersMeasured.includes(learner.name),
    )

    const tallies = new Map<string, Tally>()
    const keyOf = (learner: Learner, target: string) => `${learner.name} ${target}`
    const pageTargets = targets.filter((target) => PAGE_DATA[target] === undefined)
    const dataTargets = targets.filter((target) => PAGE_DATA[target] !== undefined)
    // Pages (with the 404 floor) interleave among themselves; a page's data (megabytes of JSON for
    // the long history) runs in rounds of its own afterwards, so its garbage collection does not
    // land on the pages measured after it.
    for (const group of [pageTargets, dataTargets]) {
      const pairs = measuredLearners.flatMap((learner) => group.map((target) => ({ learner, target })))
      await measureRounds(server.baseUrl, pid, pairs, (learner, target) => keyOf(learner, target), tallies)
    }

    console.log(
      `\n${ROUNDS} rounds × ${BATCH} requests per (learner, page), ${CONCURRENCY} concurrent clients, interleaved; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, ${os.cpus().length} cores`,
    )
    console.log(
      `${'learner'.padEnd(11)}${'page'.padEnd(26)}${pad('status', 7)}${pad('CPU ms', 8)}${pad('×404', 6)}${pad('p50 ms', 8)}${pad('p95 ms', 8)}${pad('gzip', 10)}${pad('HTML', 10)}  verdict (CPU ≤ ${TARGET_RATIO}× 404, gzip ≤ ${kb(TARGET_GZIP_BYTES)})`,
    )
    for (const learner of measuredLearners) {
      const floor = tallies.get(keyOf(learner, NOT_FOUND_PAGE))
      const floorCpu = floor ? floor.cpuMs / floor.requests : Number.NaN
      for (const target of targets) {
        const tally = tallies.get(keyOf(learner, target))
        if (!tally) continue
        const cpu = tally.cpuMs / tally.requests
        const ratio = cpu / floorCpu
        const gzip = tally.encoding === 'gzip' ? tally.wireBytes : Number.NaN
        const isFloor = target === NOT_FOUND_PAGE
        // A page's data is not a page (no verdict), but its cost is shown, and with its page's.
        const dataOf = PAGE_DATA[target]
        const cpuOk = isFloor || dataOf !== undefined || ratio <= TARGET_RATIO
        const sizeOk = dataOf !== undefined || gzip <= TARGET_GZIP_BYTES
        failed ||= !cpuOk || !sizeOk
        const statuses = [...tally.statuses.keys()].join('/')
        const pageTally = dataOf === undefined ? undefined : tallies.get(keyOf(learner, dataOf))
        const withPage = pageTally ? (pageTally.cpuMs / pageTally.requests + cpu) / floorCpu : Number.NaN
        const verdict = isFloor
          ? '(floor)'
          : dataOf !== undefined
            ? `(${dataOf}'s data, after its first paint; ${dataOf} + this ${withPage.toFixed(2)}× 404)`
            : `${cpuOk ? 'PASS' : 'FAIL'} ${sizeOk ? 'PASS' : 'FAIL'}`
        console.log(
          `${learner.name.padEnd(11)}${target.padEnd(26)}${pad(statuses, 7)}${pad(cpu.toFixed(2), 8)}${pad(ratio.toFixed(2), 6)}${pad(percentile(tally.latencies, 50).toFixed(0), 8)}${pad(percentile(tally.latencies, 95).toFixed(0), 8)}${pad(kb(gzip), 10)}${pad(kb(tally.htmlBytes), 10)}  ${verdict}`,
        )
      }
    }
  } finally {
    agent.destroy()
    await server.kill('SIGTERM')
    fs.rmSync(dataDir, { recursive: true, force: true })
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
