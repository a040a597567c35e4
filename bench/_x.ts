import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path'
import { migrateSqlite, openSqlite } from '../db/open'
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bx-'))
const db = openSqlite(path.join(dir, 'd.db')); migrateSqlite(db)
db.exec('CREATE TABLE bench_raw (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, key TEXT NOT NULL, body TEXT NOT NULL)')
const raw = db.prepare('INSERT INTO bench_raw (account_id, key, body) VALUES (?, ?, ?)')
const claim = db.prepare(`INSERT INTO idempotency_keys (account_id, key, operation, status, body_hash, request_body, provider_key, lease_until_ms, lease_version, created_at_ms, expires_at_ms) VALUES (17, ?, 'create_payment', 'in_progress', ?, ?, ?, 1, 0, 1, 2) ON CONFLICT DO NOTHING`)
const N = 20000
const body = JSON.stringify({ orderId: '42', amount: 2500, currency: 'USD', paymentMethodToken: 'token-9' })
let t = performance.now(); for (let i = 0; i < N; i++) raw.run(17, `k${i}`, body); console.log('raw/s', Math.round(N / ((performance.now() - t) / 1000)))
t = performance.now(); for (let i = 0; i < N; i++) claim.run(`7c1a0e44-2b19-4f6a-9d30-${i}`, 'a'.repeat(64), body, 'pk_' + i); console.log('claim/s', Math.round(N / ((performance.now() - t) / 1000)))
