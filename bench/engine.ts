// `npm run bench:engine` — the engine against the database it runs on, in one run.
// File database in a temp dir (WAL, synchronous=NORMAL, as the app opens it):
//   raw single-row insert transactions/s  vs  engine creates/s (new keys, live-style:
//   real clock, provider on its own file) — an idempotent create needs two commits,
//   so the ratio is taken against raw ÷ 2 (target ≥ 0.8);
//   replays/s vs a raw point read (target ≥ 0.8);
//   one canonical scenario's median simulation time (target ≤ 2 ms);
//   fuzz schedules/s (target ≥ 5,000).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { migrateSqlite, openSqlite } from '../db/open'
import {
  createEngine,
  randomScenario,
  runScenario,
  SimulatedProvider,
  scenarioById,
  systemClock,
} from '../lib/engine'

const BODY = { orderId: '42', amount: 2500, currency: 'USD', paymentMethodToken: 'token-9' }
const DURATION_MS = Number(process.env.BENCH_MS ?? 2000)

/** Runs `op` repeatedly for about DURATION_MS; returns operations per second. */
async function rate(op: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < 200; i++) await op(-1 - i) // warm up
  const started = performance.now()
  let n = 0
  while (performance.now() - started < DURATION_MS) {
    for (let k = 0; k < 100; k++) await op(n++)
  }
  return n / ((performance.now() - started) / 1000)
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const ratio = (a: number, b: number) => (a / b).toFixed(2)
const verdict = (ok: boolean) => (ok ? 'meets target' : 'BELOW target')

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-bench-engine-'))
  try {
    const sqlite = openSqlite(path.join(dir, 'drill.db'))
    migrateSqlite(sqlite)
    sqlite.exec(
      'CREATE TABLE bench_raw (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, key TEXT NOT NULL, body TEXT NOT NULL)',
    )
    const rawInsert = sqlite.prepare('INSERT INTO bench_raw (account_id, key, body) VALUES (?, ?, ?)')
    const rawRead = sqlite.prepare('SELECT * FROM bench_raw WHERE id = ?')
    const providerDb = openSqlite(path.join(dir, 'provider.db'))
    const provider = new SimulatedProvider({ database: providerDb, clock: systemClock })
    const engine = createEngine({ sqlite, clock: systemClock, provider })
    const bodyText = JSON.stringify(BODY)

    console.log(
      `bench:engine — file database in ${dir} (WAL, synchronous=NORMAL), ~${DURATION_MS} ms per figure`,
    )
    console.log('')

    // The same engine with the provider in memory: our two commits without the fake PSP's own disk write.
    const memoryProvider = new SimulatedProvider({ database: ':memory:', clock: systemClock })
    const engineOnly = createEngine({ sqlite, clock: systemClock, provider: memoryProvider })

    const raw = await rate((i) => rawInsert.run(17, `raw-${i}`, bodyText))
    const creates = await rate((i) => engine.createPayment({ accountId: 17, key: `new-${i}`, body: BODY }))
    const createsEngineOnly = await rate((i) =>
      engineOnly.createPayment({ accountId: 17, key: `mem-${i}`, body: BODY }),
    )
    console.log(`raw single-row insert transactions/s   ${fmt(raw)}`)
    console.log(
      `engine creates/s (new keys)            ${fmt(creates)}   provider ledger on its own file (3 commits per create)`,
    )
    console.log(
      `  ratio to raw ÷ 2                     ${ratio(creates, raw / 2)}   (target ≥ 0.80: ${verdict(creates / (raw / 2) >= 0.8)})`,
    )
    console.log(`engine creates/s, provider in memory   ${fmt(createsEngineOnly)}   our 2 commits only`)
    console.log(
      `  ratio to raw ÷ 2                     ${ratio(createsEngineOnly, raw / 2)}   (target ≥ 0.80: ${verdict(createsEngineOnly / (raw / 2) >= 0.8)})`,
    )

    await engine.createPayment({ accountId: 17, key: 'replay-me', body: BODY })
    const maxRawId = (sqlite.prepare('SELECT MAX(id) AS n FROM bench_raw').get() as { n: number }).n
    const reads = await rate((i) => rawRead.get((Math.abs(i) % maxRawId) + 1))
    const replays = await rate(() => engine.createPayment({ accountId: 17, key: 'replay-me', body: BODY }))
    console.log(`raw point reads/s                      ${fmt(reads)}`)
    console.log(`engine replays/s                       ${fmt(replays)}`)
    console.log(
      `  ratio to raw point read              ${ratio(replays, reads)}   (target ≥ 0.80: ${verdict(replays / reads >= 0.8)})`,
    )

    const scenario = scenarioById('lost-response')!
    for (let i = 0; i < 20; i++) await runScenario(scenario)
    const times: number[] = []
    for (let i = 0; i < 300; i++) {
      const t = performance.now()
      await runScenario(scenario)
      times.push(performance.now() - t)
    }
    times.sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)]!
    console.log(
      `lost-response simulation, median       ${median.toFixed(3)} ms   (target ≤ 2 ms: ${verdict(median <= 2)})`,
    )

    let seed = 1
    const started = performance.now()
    let schedules = 0
    while (performance.now() - started < DURATION_MS * 2) {
      const result = await runScenario(randomScenario(seed++))
      if (result.violations.length > 0)
        throw new Error(`fuzz seed ${seed - 1} broke ${result.violations[0]!.id}`)
      schedules++
    }
    const fuzzRate = schedules / ((performance.now() - started) / 1000)
    console.log(
      `fuzz schedules/s (generate+run+check)  ${fmt(fuzzRate)}   (target ≥ 5,000: ${verdict(fuzzRate >= 5000)})`,
    )
    console.log('')
    console.log(
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    )
    provider.close()
    memoryProvider.close()
    sqlite.close()
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
