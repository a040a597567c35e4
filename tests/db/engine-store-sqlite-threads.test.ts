// Goal: on SQLite too, the claim and the takeover are decided by the database, not by one
// process taking turns. The contract test's SQLite connections share one thread (each call
// runs whole); here worker threads, each with its own connection to one file, race the
// same keys at the same instant (released together by a shared barrier).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateSqlite, openSqlite } from '@/db/open'

const THREADS = 6
const KEYS = 30
const NOW = Date.parse('2026-01-05T10:00:00.000Z')

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-threads-'))
const file = path.join(dir, 'engine.db')
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

// Runs in each thread (no tsx loader there: it registers it, then loads the engine's entry).
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads')
import('tsx/esm/api').then(async (tsx) => {
  tsx.register()
  const { sqliteStore } = await import(workerData.entry)
  const { openSqlite } = await import(workerData.open)
  const store = sqliteStore(openSqlite(workerData.file, { synchronous: 'NORMAL' }))
  const gate = new Int32Array(workerData.gate)
  Atomics.add(gate, 1, 1)
  Atomics.wait(gate, 0, 0)
  const results = []
  for (const key of workerData.keys) {
    if (workerData.op === 'claim') {
      const claim = { scope: 17, key, operation: 'create_payment', bodyHash: 'thread-' + workerData.thread,
        requestBody: '{}', providerKey: 'pk_' + key, leaseUntilMs: workerData.now - 1, createdAtMs: workerData.now,
        expiresAtMs: workerData.now + 86400000 }
      const r = store.claim(claim)
      results.push({ key, won: r.won, hash: r.row.body_hash })
    } else {
      const row = store.takeOver({ scope: 17, key, version: 0, nowMs: workerData.now, leaseUntilMs: workerData.now + 30000 })
      results.push({ key, won: row !== undefined, hash: row ? row.body_hash : null })
    }
  }
  parentPort.postMessage(results)
})
`

interface Result {
  key: string
  won: boolean
  hash: string | null
}

/** Starts THREADS workers, releases them together once all are ready, and collects their results. */
async function race(op: 'claim' | 'takeOver', keys: string[]): Promise<Result[][]> {
  const gate = new SharedArrayBuffer(8)
  const view = new Int32Array(gate)
  const entry = new URL('../../lib/engine/index.ts', import.meta.url).href
  const open = new URL('../../db/open.ts', import.meta.url).href
  const done = Array.from(
    { length: THREADS },
    (_, thread) =>
      new Promise<Result[]>((resolve, reject) => {
        const worker = new Worker(WORKER, {
          eval: true,
          workerData: { entry, open, file, gate, keys, op, thread, now: NOW },
        })
        worker.once('message', resolve)
        worker.once('error', reject)
      }),
  )
  while (Atomics.load(view, 1) < THREADS) await new Promise((r) => setTimeout(r, 5))
  Atomics.store(view, 0, 1)
  Atomics.notify(view, 0)
  return Promise.all(done)
}

describe('the SQLite store under threads on one file', () => {
  const keys = Array.from({ length: KEYS }, (_, i) => `thread-key-${i}`)

  it(`${THREADS} threads claim the same ${KEYS} keys at once: one winner per key, every loser sees its row`, async () => {
    const first = openSqlite(file, { synchronous: 'NORMAL' })
    migrateSqlite(first)
    first.close()
    const results = await race('claim', keys)
    for (const key of keys) {
      const perKey = results.map((thread) => thread.find((r) => r.key === key)!)
      const winners = perKey.filter((r) => r.won)
      expect(winners, key).toHaveLength(1)
      for (const r of perKey) expect(r.hash).toBe(winners[0]!.hash)
    }
  }, 120_000)

  it(`${THREADS} threads take the same expired leases over at once: one winner per key`, async () => {
    const results = await race('takeOver', keys)
    for (const key of keys) {
      const winners = results.map((thread) => thread.find((r) => r.key === key)!).filter((r) => r.won)
      expect(winners, key).toHaveLength(1)
    }
  }, 120_000)
})
