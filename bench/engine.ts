// `npm run bench:engine` — the engine against the database it runs on, in one run.
// File database in a temp dir (WAL, synchronous=FULL, as the app opens it). Each
// baseline does the database work the engine cannot avoid, on the same shapes:
//   creates/s vs raw single-row inserts into a copy of idempotency_keys (same columns,
//   same primary key and partial indexes, a claim-sized row) — an idempotent create
//   needs two commits, so the ratio is taken against raw ÷ 2 (target ≥ 0.8);
//   replays/s vs a point read of the same idempotency_keys row by primary key (≥ 0.8);
//   one canonical scenario's median simulation time (≤ 2 ms);
//   fuzz schedules/s on one thread, through the CLI's own fuzz loop (≥ 5,000);
//   the cost of durable commits: the same raw insert and engine create under
//   synchronous=NORMAL beside FULL (each side's ratio taken against its own raw insert).
// Engine and baseline run in alternating slices, so load from other processes on a
// shared machine falls on both sides of a ratio alike.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import '../lib/simulator'
import { FILE_SYNCHRONOUS, migrateSqlite, openSqlite, type Synchronous } from '../db/open'
import {
  canonicalJson,
  createEngine,
  DAY_MS,
  fuzzRange,
  paymentBody,
  runScenario,
  SimulatedProvider,
  scenarioById,
  sha256Hex,
  statementsFor,
  systemClock,
} from '../lib/engine'

const BODY = { orderId: '42', amount: 2500, currency: 'USD', paymentMethodToken: 'token-9' }
const DURATION_MS = Number(process.env.BENCH_MS ?? 2000)
const SLICE_MS = 100

type Op = (i: number) => unknown

/** Runs `a` and `b` in alternating slices for ~DURATION_MS each; returns [a/s, b/s]. Async ops are awaited, sync ones are not. */
async function compare(a: Op, b: Op): Promise<[number, number]> {
  const ops = [a, b]
  const counts = [0, 0]
  const spentMs = [0, 0]
  for (let w = 0; w < 200; w++) for (const op of ops) await op(-1 - w) // warm up
  while (spentMs[0]! < DURATION_MS || spentMs[1]! < DURATION_MS) {
    for (const side of [0, 1]) {
      const op = ops[side]!
      const started = performance.now()
      let n = counts[side]!
      while (performance.now() - started < SLICE_MS) {
        for (let k = 0; k < 50; k++) {
          const r = op(n++)
          if (r instanceof Promise) await r
        }
      }
      counts[side] = n
      spentMs[side]! += performance.now() - started
    }
  }
  return [(counts[0]! / spentMs[0]!) * 1000, (counts[1]! / spentMs[1]!) * 1000]
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(9)
const verdict = (value: number, target: number, higherIsBetter = true) =>
  (higherIsBetter ? value >= target : value <= target) ? 'PASS' : 'BELOW'
const line = (label: string, value: string, note = '') =>
  console.log(`${label.padEnd(58)}${value}${note ? `   ${note}` : ''}`)
const ratioLine = (label: string, value: number, target: number) =>
  line(`  ${label}`, value.toFixed(2).padStart(9), `target ≥ ${target.toFixed(2)}: ${verdict(value, target)}`)

/** A copy of idempotency_keys under another name: same columns, primary key and (partial) indexes. */
function cloneKeyTable(sqlite: ReturnType<typeof openSqlite>, name: string): void {
  const ddl = sqlite
    .prepare<[], { sql: string }>(
      "SELECT sql FROM sqlite_master WHERE tbl_name = 'idempotency_keys' AND sql IS NOT NULL ORDER BY type DESC",
    )
    .all()
  for (const { sql } of ddl) sqlite.exec(sql.replaceAll('idempotency_keys', name))
}

const requestBody = canonicalJson(BODY)
const hash = sha256Hex(requestBody)

/** One raw claim-sized insert per call into `bench_raw_keys` (made by cloneKeyTable) on `sqlite`. */
function rawClaimOn(sqlite: ReturnType<typeof openSqlite>): () => unknown {
  const rawInsert = sqlite.prepare(
    `INSERT INTO bench_raw_keys (account_id, key, operation, status, body_hash, request_body, provider_key, lease_until_ms, lease_version, created_at_ms, expires_at_ms)
     VALUES (17, ?, 'create_payment', 'in_progress', ?, ?, ?, ?, 0, ?, ?)`,
  )
  let rawKeys = 0
  return () => {
    const nowMs = Date.now()
    return rawInsert.run(
      `raw-${rawKeys++}`,
      hash,
      requestBody,
      `pk_${hash.slice(0, 20)}`,
      nowMs + 30_000,
      nowMs,
      nowMs + DAY_MS,
    )
  }
}

/**
 * What durable commits cost: raw inserts and engine creates (provider in memory, so
 * only our own two commits) on a database opened with each synchronous mode. Each
 * engine figure is measured beside the raw insert under the same mode, so its ratio
 * stays honest; the FULL ÷ NORMAL lines are the price of surviving a power loss.
 */
async function durabilityCost(
  dir: string,
  rawClaimOn: (sqlite: ReturnType<typeof openSqlite>) => () => unknown,
): Promise<void> {
  line('durable commits: synchronous=FULL against NORMAL', '')
  const measured = new Map<Synchronous, { raw: number; creates: number }>()
  for (const mode of ['NORMAL', 'FULL'] as const) {
    const sqlite = openSqlite(path.join(dir, `durability-${mode}.db`), { synchronous: mode })
    migrateSqlite(sqlite)
    cloneKeyTable(sqlite, 'bench_raw_keys')
    const provider = new SimulatedProvider({ database: ':memory:', clock: systemClock })
    const engine = createEngine({ sqlite, clock: systemClock, provider })
    const [raw, creates] = await compare(rawClaimOn(sqlite), (i) =>
      engine.createPayment({ accountId: 17, key: `dur-${i}`, body: BODY }),
    )
    measured.set(mode, { raw, creates })
    line(`  ${mode.padEnd(6)} raw insert tx/s`, fmt(raw))
    line(`  ${mode.padEnd(6)} engine creates/s, provider in memory`, fmt(creates))
    ratioLine(`${mode.padEnd(6)} ratio to raw ÷ 2 (same mode)`, creates / (raw / 2), 0.8)
    provider.close()
    sqlite.close()
  }
  const normal = measured.get('NORMAL')!
  const full = measured.get('FULL')!
  line('  raw insert: FULL ÷ NORMAL', (full.raw / normal.raw).toFixed(2).padStart(9), 'throughput kept')
  line(
    '  engine creates: FULL ÷ NORMAL',
    (full.creates / normal.creates).toFixed(2).padStart(9),
    'throughput kept (the price of surviving a power loss)',
  )
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-bench-engine-'))
  try {
    const sqlite = openSqlite(path.join(dir, 'drill.db'))
    migrateSqlite(sqlite)
    cloneKeyTable(sqlite, 'bench_raw_keys')
    // The row a claim writes: 64-hex body hash, the canonical request, our provider key, lease and TTL.
    const rawClaim = rawClaimOn(sqlite)
    const providerDb = openSqlite(path.join(dir, 'provider.db'))
    const provider = new SimulatedProvider({ database: providerDb, clock: systemClock })
    const engine = createEngine({ sqlite, clock: systemClock, provider })
    // The same engine with the provider in memory: our two commits without the fake PSP's own disk write.
    const memoryProvider = new SimulatedProvider({ database: ':memory:', clock: systemClock })
    const engineOnly = createEngine({ sqlite, clock: systemClock, provider: memoryProvider })

    console.log(
      `bench:engine — file database in ${dir} (WAL, synchronous=${FILE_SYNCHRONOUS}), ~${DURATION_MS} ms per figure`,
    )
    console.log('')

    const [raw, creates] = await compare(rawClaim, (i) =>
      engine.createPayment({ accountId: 17, key: `new-${i}`, body: BODY }),
    )
    const [raw2, createsMem] = await compare(rawClaim, (i) =>
      engineOnly.createPayment({ accountId: 17, key: `mem-${i}`, body: BODY }),
    )
    line(
      'raw insert tx/s (claim-sized row, idempotency_keys copy)',
      fmt(raw),
      'same PK + partial indexes, one commit',
    )
    line('engine creates/s (new keys)', fmt(creates), 'provider ledger on its own file (3 commits)')
    ratioLine('ratio to raw ÷ 2', creates / (raw / 2), 0.8)
    line('raw insert tx/s (measured beside the next line)', fmt(raw2))
    line('engine creates/s, provider in memory', fmt(createsMem), 'our 2 commits only')
    ratioLine('ratio to raw ÷ 2', createsMem / (raw2 / 2), 0.8)

    // Where a create's time goes: the engine's own statements, run bare (no validation, hashing, provider).
    const store = statementsFor(sqlite)
    const sqlOnly = (i: number) => {
      const key = `sql-${i}`
      const nowMs = Date.now()
      store.keyGet.get(17, key)
      store.claim.run({
        scope: 17,
        key,
        operation: 'create_payment',
        bodyHash: hash,
        requestBody,
        providerKey: `pk_${i}`,
        leaseUntilMs: nowMs + 30_000,
        createdAtMs: nowMs,
        expiresAtMs: nowMs + DAY_MS,
      })
      const row = store.keyGet.get(17, key)!
      store.begin.run()
      const id = Number(
        store.paymentInsert.run({
          accountId: 17,
          orderId: '42',
          amountMinor: 2500,
          currency: 'USD',
          state: 'succeeded',
          failureCode: null,
          chargeId: `ch_${i}`,
          key,
          nowMs,
        }).lastInsertRowid,
      )
      const body = paymentBody(store.paymentGet.get(id)!)
      store.finish.run({
        status: 'completed',
        responseStatus: 201,
        responseBody: body,
        resourceId: id,
        scope: 17,
        key,
        version: row.lease_version,
        expiresAtMs: nowMs + DAY_MS,
      })
      store.commit.run()
    }
    const [sqlCreates, createsMem2] = await compare(sqlOnly, (i) =>
      engineOnly.createPayment({ accountId: 17, key: `mem2-${i}`, body: BODY }),
    )
    line(
      "  for scale: the create's SQL alone/s (same statements)",
      fmt(sqlCreates),
      `engine (provider in memory) reaches ${(createsMem2 / sqlCreates).toFixed(2)} of it`,
    )

    await engine.createPayment({ accountId: 17, key: 'replay-me', body: BODY })
    const pointRead = sqlite.prepare('SELECT * FROM idempotency_keys WHERE account_id = ? AND key = ?')
    const [reads, replays] = await compare(
      () => pointRead.get(17, 'replay-me'),
      () => engine.createPayment({ accountId: 17, key: 'replay-me', body: BODY }),
    )
    line('raw point reads/s (same row by primary key, SELECT *)', fmt(reads))
    line('engine replays/s', fmt(replays), 'validate, canonical JSON, sha256, read, stored 201')
    ratioLine('ratio to raw point read', replays / reads, 0.8)
    const [lookups, replays2] = await compare(
      () => store.keyGet.get(17, 'replay-me'),
      () => engine.createPayment({ accountId: 17, key: 'replay-me', body: BODY }),
    )
    line(
      "  for scale: the engine's own key lookup/s (raw row)",
      fmt(lookups),
      `replays reach ${(replays2 / lookups).toFixed(2)} of it`,
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
    line(
      'lost-response simulation, median',
      `${median.toFixed(3).padStart(6)} ms`,
      `target ≤ 2 ms: ${verdict(median, 2, false)}`,
    )

    // The fuzz loop `npm run sim -- --fuzz` runs in each worker: generate, run, check.
    await fuzzRange({ firstSeed: 1_000_000, count: 300, config: {}, keepFindings: 1 })
    const count = Math.max(1000, Math.round(DURATION_MS * 2.5))
    const started = performance.now()
    const fuzzed = await fuzzRange({ firstSeed: 1, count, config: {}, keepFindings: 1 })
    const fuzzRate = (count / (performance.now() - started)) * 1000
    if (fuzzed.brokenSchedules > 0)
      throw new Error(`fuzz seed ${fuzzed.findings[0]?.seed} broke an invariant`)
    line(
      'fuzz schedules/s (generate+run+check, 1 thread)',
      fmt(fuzzRate),
      `target ≥ 5,000: ${verdict(fuzzRate, 5000)}`,
    )
    console.log('')
    await durabilityCost(dir, rawClaimOn)
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
