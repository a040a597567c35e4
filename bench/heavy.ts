// `npm run bench:heavy` (issue 50): a heavy learner — a real collection's size — built and
// imported the way a learner would, then every page's cost at that size.
//   1. Builds an Anki package (current format) of BENCH_CARDS notes (default 20,000), each with
//      10 reviews, by cloning the built-in deck (content/cards: prompt, points as the answer list).
//   2. For SQLite and for PostgreSQL (BENCH_DBS=sqlite,postgres), against the production build:
//      imports it through POST /api/own-cards/import-anki (time; the server's RSS sampled every
//      50 ms: its peak over its idle size), imports it again (nothing changes; time), exports the
//      deck (GET /api/own-cards/export-anki), runs FSRS Optimize (POST /api/fsrs/optimize), sets an
//      interview date 30 days ahead (the plan's worst case: /plan and / project every card to it),
//      then measures each page's server CPU per request beside the 404 page's, in interleaved rounds
//      (the server's user + system time from /proc/<pid>/stat, per batch, as bench:pages does),
//      and the same pages for a new learner in the same rounds (what a page costs by what it
//      shows, beside what the collection adds).
// Targets: every page ≤ 2× the 404 page's CPU, import ≤ 60 s, memory ≤ 300 MB over idle,
// export ≤ 10 s, Optimize ≤ 60 s. Env: BENCH_CARDS, BENCH_ROUNDS (default 4), BENCH_BATCH
// (requests per batch, default 10), BENCH_SKIP_BUILD=1, BENCH_STEP_TIMEOUT_S (default 300),
// PORT (the SQLite server's; PostgreSQL's is PORT+1). Not part of `npm test`.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { migratePostgres, migrateProviderPostgres } from '../db/migrate-pg'
import { type NextServer, startNextServer } from '../e2e/next-server'
import { allCards } from '../lib/content/cards'
import { DEFAULT_STUDY_SETTINGS } from '../lib/srs/settings'
import { type FixtureNote, modernPackage } from '../tests/anki/build'
import { startPgCluster } from '../tests/pg/cluster'
import { buildForBench } from './production'

const CARDS = Number(process.env.BENCH_CARDS ?? 20_000)
const REVIEWS_PER_CARD = 10
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4)
const BATCH = Number(process.env.BENCH_BATCH ?? 10)
const STEP_TIMEOUT_MS = Number(process.env.BENCH_STEP_TIMEOUT_S ?? 300) * 1000
const DBS = (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',').map((name) => name.trim())
const DECK = 'System Design'
const DAY = 86_400_000
const TARGETS = { ratio: 2, importS: 60, overIdleMb: 300, exportS: 10, optimizeS: 60 }
const PAGES = ['/', '/review', '/cards', '/stats', '/plan', '/settings', '/mock', '/no-such-page'] as const
const FLOOR = '/no-such-page'
const unlimited = '1000000/1000000'

/** The built-in deck cloned to `count` notes; ten reviews each over the last ~300 days. */
function heavyNotes(count: number, nowMs: number): FixtureNote[] {
  const deck = allCards()
  return Array.from({ length: count }, (_, i) => {
    const card = deck[i % deck.length] as (typeof deck)[number]
    const copy = Math.floor(i / deck.length) + 1
    const start = nowMs - 300 * DAY
    return {
      guid: `heavy-${i}`,
      type: 'basic' as const,
      deck: DECK,
      fields: [
        `${card.prompt} <i>(copy ${copy})</i>`,
        `<ul>${card.points.map((point) => `<li>${point.text}</li>`).join('')}</ul>`,
      ],
      reviews: Array.from({ length: REVIEWS_PER_CARD }, (_, k) => ({
        // revlog ids are times in ms and must be unique: one ms slot per (note, review).
        atMs: start + k * 25 * DAY + i * 37,
        ease: (i + k) % 7 === 3 ? 1 : (i + k) % 5 === 0 ? 2 : 3,
        durationMs: 8000 + (i % 40) * 500,
        type: k === 0 ? 0 : 1,
      })),
    }
  })
}

function procStat(pid: number): { cpuMs: number } {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return { cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 }
}

function rssMb(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 2 })

function get(baseUrl: string, pagePath: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${pagePath}`,
      { agent, headers: { accept: 'text/html', cookie } },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', reject)
      },
    )
    request.on('error', reject)
  })
}

/** Runs `step` while sampling the server's RSS; its time, its peak RSS, and what it returned. */
async function sampled<T>(pid: number, step: () => Promise<T>) {
  let peak = rssMb(pid)
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid))
  }, 50)
  const started = performance.now()
  try {
    const value = await Promise.race([
      step(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`over ${STEP_TIMEOUT_MS / 1000} s`)), STEP_TIMEOUT_MS).unref(),
      ),
    ])
    return { ms: performance.now() - started, peakMb: Math.max(peak, rssMb(pid)), value }
  } finally {
    clearInterval(timer)
  }
}

async function importPackage(baseUrl: string, cookie: string, bytes: Uint8Array) {
  const form = new FormData()
  form.set('file', new Blob([Buffer.from(bytes)]), 'heavy.apkg')
  const response = await fetch(`${baseUrl}/api/own-cards/import-anki`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  })
  const body = (await response.json()) as { cards?: number; reviews?: number; detail?: string }
  if (response.status !== 200) throw new Error(`import: ${response.status} ${body.detail ?? ''}`)
  return body
}

async function exportDeck(baseUrl: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/own-cards/export-anki?deck=${encodeURIComponent(DECK)}`, {
    headers: { cookie },
  })
  if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`)
  return (await response.arrayBuffer()).byteLength
}

async function optimize(baseUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/fsrs/optimize`, { method: 'POST', headers: { cookie } })
  const body = (await response.json()) as { items?: number; kept?: string; detail?: string }
  if (response.status !== 200) throw new Error(`optimize: ${response.status} ${body.detail ?? ''}`)
  return `${body.items} items, kept ${body.kept}`
}

/**
 * Sets the learner's interview date `days` study days ahead the way a learner moving devices would:
 * an export file (a new learner's, so it is small) with that date, imported (POST /api/import
 * brings the dues into the final window, as saving the date on /settings does). A heavy learner
 * preparing for an interview is the plan's worst case: /plan and / project every card to the day.
 */
async function setInterviewAhead(baseUrl: string, cookie: string, days: number): Promise<string> {
  const exported = await fetch(`${baseUrl}/api/export`, {
    headers: { cookie: `drill-learner=${randomUUID()}` },
  })
  if (exported.status !== 200) throw new Error(`export: ${exported.status}`)
  const file = (await exported.json()) as Record<string, unknown>
  const interviewDate = new Date(Date.now() + days * DAY).toISOString().slice(0, 10)
  // A fresh learner exports no settings: the app's defaults, as the file carries them, with the date.
  const { parameters, ...defaults } = DEFAULT_STUDY_SETTINGS
  file.settings = { ...defaults, fsrsParameters: parameters, updatedAtMs: Date.now(), interviewDate }
  const response = await fetch(`${baseUrl}/api/import`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(file),
  })
  if (response.status !== 200) throw new Error(`interview date: ${response.status} ${await response.text()}`)
  return interviewDate
}

interface Row {
  db: string
  lines: string[]
}

const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
const fmtS = (ms: number) => `${(ms / 1000).toFixed(1)} s`

async function measure(name: string, server: NextServer, bytes: Uint8Array): Promise<Row> {
  const pid = server.child.pid as number
  const cookie = `drill-learner=${randomUUID()}`
  const lines: string[] = []
  // Warm the server (first requests compile routes) before its idle size is read.
  for (const page of PAGES) await get(server.baseUrl, page, `drill-learner=${randomUUID()}`)
  const idleMb = rssMb(pid)
  const first = await sampled(pid, () => importPackage(server.baseUrl, cookie, bytes))
  const overIdle = first.peakMb - idleMb
  lines.push(
    `import: ${fmtS(first.ms)} for ${first.value.cards} cards, ${first.value.reviews} reviews (≤ ${TARGETS.importS} s) ${pass(first.ms <= TARGETS.importS * 1000)}`,
    `server memory: idle ${idleMb.toFixed(0)} MB, peak ${first.peakMb.toFixed(0)} MB during the import: +${overIdle.toFixed(0)} MB (≤ ${TARGETS.overIdleMb} MB) ${pass(overIdle <= TARGETS.overIdleMb)}`,
  )
  const again = await sampled(pid, () => importPackage(server.baseUrl, cookie, bytes))
  lines.push(
    `the same package again: ${fmtS(again.ms)} (${again.value.cards} cards, ${again.value.reviews} reviews)`,
  )
  for (const [label, target, step] of [
    [
      'export of the deck',
      TARGETS.exportS,
      () => exportDeck(server.baseUrl, cookie).then((n) => `${(n / 1e6).toFixed(1)} MB`),
    ],
    ['FSRS Optimize', TARGETS.optimizeS, () => optimize(server.baseUrl, cookie)],
  ] as const) {
    try {
      const run = await sampled(pid, step)
      lines.push(`${label}: ${fmtS(run.ms)} (${run.value}; ≤ ${target} s) ${pass(run.ms <= target * 1000)}`)
    } catch (error) {
      lines.push(`${label}: FAIL — ${error instanceof Error ? error.message : error}`)
    }
  }

  lines.push(`interview date set to ${await setInterviewAhead(server.baseUrl, cookie, 30)} (30 days ahead)`)

  // The same pages for a learner with nothing yet, in the same rounds: what a page costs by
  // what it shows, beside what the collection adds.
  const learners = { heavy: cookie, new: `drill-learner=${randomUUID()}` } as const
  const tally = new Map<string, { cpuMs: number; requests: number; wallMs: number; statuses: Set<number> }>()
  for (let round = 0; round <= ROUNDS; round++) {
    const order = PAGES.map((_, i) => PAGES[(i + round * 3) % PAGES.length] as string)
    for (const page of order)
      for (const [who, learner] of Object.entries(learners)) {
        const before = procStat(pid).cpuMs
        const started = performance.now()
        const statuses = new Set<number>()
        for (let i = 0; i < BATCH; i++) statuses.add(await get(server.baseUrl, page, learner))
        if (round === 0) continue // warm-up: caches, the JIT
        const key = `${who} ${page}`
        const entry = tally.get(key) ?? { cpuMs: 0, requests: 0, wallMs: 0, statuses: new Set() }
        entry.cpuMs += procStat(pid).cpuMs - before
        entry.wallMs += performance.now() - started
        entry.requests += BATCH
        for (const s of statuses) entry.statuses.add(s)
        tally.set(key, entry)
      }
  }
  const cpuOf = (key: string) => {
    const entry = tally.get(key)
    return entry ? entry.cpuMs / entry.requests : Number.NaN
  }
  const floorCpu = cpuOf(`heavy ${FLOOR}`)
  lines.push(
    `${'page'.padEnd(16)}${'status'.padStart(8)}${'CPU ms'.padStart(10)}${'×404'.padStart(8)}${'wall ms'.padStart(10)}${'new learner ×404'.padStart(18)}  verdict`,
  )
  for (const page of PAGES) {
    const entry = tally.get(`heavy ${page}`)
    if (!entry) continue
    const cpu = entry.cpuMs / entry.requests
    const ratio = cpu / floorCpu
    const fresh = cpuOf(`new ${page}`) / cpuOf(`new ${FLOOR}`)
    lines.push(
      `${page.padEnd(16)}${[...entry.statuses].join('/').padStart(8)}${cpu.toFixed(1).padStart(10)}${ratio.toFixed(1).padStart(8)}${(entry.wallMs / entry.requests).toFixed(0).padStart(10)}${fresh.toFixed(1).padStart(18)}  ${page === FLOOR ? '(floor)' : pass(ratio <= TARGETS.ratio)}`,
    )
  }
  return { db: name, lines }
}

const serverEnv = {
  DRILL_TEST_CLOCK: '1',
  DRILL_SWEEP_MS: '3600000',
  DRILL_LIMIT_SANDBOX_LEARNER: unlimited,
  DRILL_LIMIT_SANDBOX_ANONYMOUS: unlimited,
  DRILL_LIMIT_SANDBOX_ADDRESS: unlimited,
}

async function main(): Promise<void> {
  const distDir = buildForBench()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-bench-heavy-'))
  const basePort = process.env.PORT ? Number(process.env.PORT) : undefined
  const results: Row[] = []
  try {
    let started = performance.now()
    const bytes = await modernPackage({ notes: heavyNotes(CARDS, Date.now()) })
    console.log(
      `bench:heavy — package: ${CARDS} notes, ${CARDS * REVIEWS_PER_CARD} reviews, ${(bytes.byteLength / 1e6).toFixed(1)} MB (built in ${fmtS(performance.now() - started)}); ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
    )
    for (const db of DBS) {
      started = performance.now()
      if (db === 'sqlite') {
        const server = await startNextServer({
          ...(basePort ? { port: basePort } : {}),
          timeoutMs: 120_000,
          env: {
            ...serverEnv,
            NEXT_DIST_DIR: distDir,
            DRILL_DB: path.join(dir, 'heavy.db'),
            DRILL_PROVIDER_DB: path.join(dir, 'heavy-provider.db'),
          },
        })
        try {
          results.push(await measure('SQLite', server, bytes))
        } finally {
          await server.kill('SIGTERM')
        }
      } else if (db === 'postgres') {
        const cluster = await startPgCluster()
        try {
          const appUrl = await cluster.createDatabase('heavy')
          const providerUrl = await cluster.createDatabase('heavy_provider')
          await migratePostgres(appUrl)
          await migrateProviderPostgres(providerUrl)
          const server = await startNextServer({
            ...(basePort ? { port: basePort + 1 } : {}),
            timeoutMs: 120_000,
            env: {
              ...serverEnv,
              NEXT_DIST_DIR: distDir,
              DRILL_DATABASE_URL: appUrl,
              DRILL_PROVIDER_DATABASE_URL: providerUrl,
              DRILL_DB: path.join(dir, 'pg.db'),
              DRILL_PROVIDER_DB: path.join(dir, 'pg-provider.db'),
            },
          })
          try {
            results.push(await measure('PostgreSQL', server, bytes))
          } finally {
            await server.kill('SIGTERM')
          }
        } finally {
          cluster.stop()
        }
      } else throw new Error(`BENCH_DBS: unknown database ${db}`)
      console.log(`\n${results.at(-1)?.db} (${fmtS(performance.now() - started)} in all)`)
      for (const line of results.at(-1)?.lines ?? []) console.log(`  ${line}`)
    }
  } finally {
    agent.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(2)
  },
)
