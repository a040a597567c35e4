// `npm run bench:api`: POST /api/payments over real HTTP against one production
// server, in one run — new-key creates/s and replays/s beside the benchmark's own
// baseline server (bench/api-baseline.ts: bare node:http and one durable SQLite insert,
// no framework) — with the ratios (target ≥ 0.7) and p99 latency.
// Reuses the build in NEXT_DIST_DIR (default .next; built first if missing).
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import Database from 'better-sqlite3'
import { distDir, ensureBuild, freePort, startNextServer } from '../e2e/next-server'

const durationS = Number(process.env.BENCH_DURATION_S ?? 5)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const TARGET_RATIO = 0.7

const paymentJson = JSON.stringify({
  orderId: 'order-42',
  amount: 2500,
  currency: 'USD',
  paymentMethodToken: 'token-9',
})

interface Figures {
  name: string
  reqPerS: number
  p50Ms: number
  p99Ms: number
  ok: number
  other: number
  errors: number
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

async function measure(name: string, options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections, duration: durationS, ...options })
  const ok = result['2xx']
  return {
    name,
    reqPerS: ok / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok,
    other: result.non2xx,
    errors: result.errors,
  }
}

/** The baseline server in its own process, on its own database file; resolves once it listens. */
async function startBaseline(dbPath: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api-baseline.ts'], {
    env: { ...process.env, BASELINE_DB: dbPath, BASELINE_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  for await (const chunk of child.stdout!) {
    out += String(chunk)
    if (out.includes('baseline listening')) return { url: `http://127.0.0.1:${port}`, child }
  }
  throw new Error(`the baseline server exited before it listened (${child.exitCode})`)
}

async function stopBaseline(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  await once(child, 'exit')
}

async function main() {
  ensureBuild()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-bench-api-'))
  const baseline = await startBaseline(path.join(dir, 'baseline.db'))
  // Never left behind, even when the app server fails to start.
  process.on('exit', () => baseline.child.kill('SIGKILL'))
  const server = await startNextServer({
    env: {
      DRILL_DB: path.join(dir, 'drill.db'),
      DRILL_PROVIDER_DB: path.join(dir, 'provider.db'),
      // The limiter stays on (its cost is part of the measurement), with room for a
      // benchmark's thousands of payments per second from one account and address.
      DRILL_LIMIT_PAYMENTS_ACCOUNT: '1000000/60000000',
      DRILL_LIMIT_PAYMENTS_ADDRESS: '1000000/60000000',
    },
  })
  const auth = { authorization: 'Bearer sk_test_17', 'content-type': 'application/json' }
  try {
    const url = server.baseUrl
    const bareOptions: autocannon.Options = {
      url: `${baseline.url}/insert`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: paymentJson,
    }
    const createOptions: autocannon.Options = {
      url: `${url}/api/payments`,
      method: 'POST',
      headers: auth,
      body: paymentJson,
      requests: [
        {
          setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }),
        },
      ],
    }
    const replayKey = randomUUID()
    const first = await fetch(`${url}/api/payments`, {
      method: 'POST',
      headers: { ...auth, 'idempotency-key': replayKey },
      body: paymentJson,
    })
    if (first.status !== 201) throw new Error(`the replay key's first request answered ${first.status}`)
    const replayOptions: autocannon.Options = {
      url: `${url}/api/payments`,
      method: 'POST',
      headers: { ...auth, 'idempotency-key': replayKey },
      body: paymentJson,
    }

    console.log(`Warming up (2 s per route)…`)
    for (const options of [bareOptions, createOptions, replayOptions]) {
      await autocannon({ ...options, connections, duration: 2 })
    }

    // The machine is shared and its load drifts: measure in rounds, rotating the
    // order, and report medians (ratios are taken within each round).
    console.log(
      `Measuring ${rounds} rounds × ${durationS} s per route, ${connections} connections, one server (${distDir()})…`,
    )
    const routes = [
      { name: 'bare insert (baseline server)', options: bareOptions },
      { name: 'creates, new key each (POST /api/payments)', options: createOptions },
      { name: 'replays, same key (POST /api/payments)', options: replayOptions },
    ]
    const perRound: Figures[][] = []
    for (let round = 0; round < rounds; round++) {
      const figures: Figures[] = []
      for (let i = 0; i < routes.length; i++) {
        const route = routes[(i + round) % routes.length]!
        figures.push(await measure(route.name, route.options))
      }
      perRound.push(routes.map((route) => figures.find((f) => f.name === route.name)!))
      console.log(
        `  round ${round + 1}: ${perRound[round]!.map((f) => `${f.name.split(' (')[0]} ${f.reqPerS.toFixed(0)}/s`).join(', ')}`,
      )
    }
    const summary = routes.map((route, i) => {
      const all = perRound.map((figures) => figures[i]!)
      return {
        name: route.name,
        reqPerS: median(all.map((f) => f.reqPerS)),
        p50Ms: median(all.map((f) => f.p50Ms)),
        p99Ms: median(all.map((f) => f.p99Ms)),
        ok: all.reduce((n, f) => n + f.ok, 0),
        other: all.reduce((n, f) => n + f.other, 0),
        errors: all.reduce((n, f) => n + f.errors, 0),
      }
    })
    const [bare, creates, replays] = summary as [Figures, Figures, Figures]
    console.log('')
    console.log(
      `${'route (medians over rounds)'.padEnd(46)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'2xx'.padStart(9)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}`,
    )
    for (const r of summary) {
      console.log(
        `${r.name.padEnd(46)}${r.reqPerS.toFixed(0).padStart(9)}${r.p50Ms.toFixed(1).padStart(9)}${r.p99Ms.toFixed(1).padStart(9)}${String(r.ok).padStart(9)}${String(r.other).padStart(9)}${String(r.errors).padStart(8)}`,
      )
    }
    const createRatio = median(perRound.map(([b, c]) => c!.reqPerS / b!.reqPerS))
    const replayRatio = median(perRound.map(([b, , r]) => r!.reqPerS / b!.reqPerS))
    const verdict = (ratio: number) => (ratio >= TARGET_RATIO ? 'meets' : 'below')
    console.log('')
    console.log(
      `creates / bare insert: ${createRatio.toFixed(2)} (target ≥ ${TARGET_RATIO}: ${verdict(createRatio)})`,
    )
    console.log(
      `replays / bare insert: ${replayRatio.toFixed(2)} (target ≥ ${TARGET_RATIO}: ${verdict(replayRatio)})`,
    )
    console.log(
      `p99 latency: bare ${bare.p99Ms} ms, creates ${creates.p99Ms} ms, replays ${replays.p99Ms} ms`,
    )
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${os.cpus().length} cores)`,
    )
    if (summary.some((r) => r.other > 0)) console.log('warning: some requests were not 2xx (see non-2xx)')
    await server.kill()
    // Sanity, read from both files once the server is gone: one provider charge per succeeded payment.
    const app = new Database(path.join(dir, 'drill.db'), { readonly: true })
    const provider = new Database(path.join(dir, 'provider.db'), { readonly: true })
    const succeeded = app.prepare("SELECT COUNT(*) AS n FROM payments WHERE state = 'succeeded'").get() as {
      n: number
    }
    const charged = provider.prepare("SELECT COUNT(*) AS n FROM ledger WHERE kind = 'charge'").get() as {
      n: number
    }
    app.close()
    provider.close()
    console.log(
      `succeeded payments ${succeeded.n}, provider charges ${charged.n}: ${succeeded.n === charged.n ? 'equal' : 'MISMATCH'}`,
    )
  } finally {
    await server.kill()
    await stopBaseline(baseline.child)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
