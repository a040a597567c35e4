// A reference server for `npm run check:server`, plain Node (node: built-ins only). FLAW selects
// one classic mistake: charge-before-insert, select-then-insert, no-body-check, global-scope,
// no-provider-key, no-lease (unset: the correct server). State is a JSON file (STATE_FILE) so a
// claim survives kill -9. Node runs one callback at a time, so a claim with no await inside
// it is atomic — the unique constraint of this "database".
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

const FLAW = process.env.FLAW ?? ''
const PORT = Number(process.env.PORT)
const PROVIDER_URL = process.env.PROVIDER_URL
const LEASE_MS = Number(process.env.LEASE_MS) || 5000
const STATE_FILE = process.env.STATE_FILE ?? path.join(os.tmpdir(), `drill-check-node-${PORT}.json`)

const rows = fs.existsSync(STATE_FILE) ? JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) : []
let nextPayment = rows.length + 1
const save = () => fs.writeFileSync(STATE_FILE, JSON.stringify(rows))
const scopeOf = (account, key) => (FLAW === 'global-scope' ? key : `${account}\u0000${key}`)
const find = (scope) => rows.find((r) => r.scope === scope)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

async function charge(row, body) {
  const headers = { 'content-type': 'application/json' }
  if (FLAW !== 'no-provider-key') headers['idempotency-key'] = row.providerKey
  try {
    const res = await fetch(`${PROVIDER_URL}/charges`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ amount: body.amount, currency: body.currency, reference: body.orderId }),
    })
    if (res.status !== 201) return null
    return await res.json()
  } catch {
    return null
  }
}

function reply(res, status, text, extra = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...extra })
  res.end(text)
}

async function drive(row, body, res) {
  const result = await charge(row, body)
  if (!result) {
    row.status = 'pending' // unknown outcome: a retry re-drives under the same provider key
    save()
    return reply(res, 202, JSON.stringify({ status: 'pending' }))
  }
  row.status = 'completed'
  row.responseStatus = 201
  row.responseBody = JSON.stringify({
    id: `pay_${nextPayment++}`,
    status: 'succeeded',
    amount: body.amount,
    currency: body.currency,
    orderId: body.orderId,
    charge: result.id,
  })
  save()
  reply(res, row.responseStatus, row.responseBody)
}

async function payments(req, res, raw) {
  const account = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
  if (!account) return reply(res, 401, '{"error":"Authorization: Bearer <account id> required"}')
  const key = req.headers['idempotency-key']
  if (!key) return reply(res, 400, '{"error":"Idempotency-Key required"}')
  let body
  try {
    body = JSON.parse(raw)
  } catch {
    return reply(res, 400, '{"error":"body is not JSON"}')
  }
  if (!Number.isInteger(body.amount) || body.currency !== 'USD' || typeof body.orderId !== 'string')
    return reply(res, 400, '{"error":"amount (integer), currency USD and orderId required"}')
  const hash = createHash('sha256')
    .update(JSON.stringify([body.amount, body.currency, body.orderId]))
    .digest('hex')
  const scope = scopeOf(account, key)
  const fresh = () => ({
    scope,
    hash,
    status: 'in_progress',
    leaseUntil: Date.now() + LEASE_MS,
    providerKey: `pk_${randomUUID()}`,
  })

  if (FLAW === 'charge-before-insert') {
    const existing = find(scope)
    if (existing && existing.hash !== hash)
      return reply(res, 422, '{"error":"Idempotency-Key reused with another body"}')
    if (existing?.status === 'completed') return reply(res, existing.responseStatus, existing.responseBody)
    const row = fresh()
    const result = await charge(row, body)
    if (!result) return reply(res, 502, '{"error":"provider failed"}')
    if (!find(scope)) rows.push(row)
    return drive(Object.assign(find(scope), { status: 'in_progress' }), body, res)
  }
  if (FLAW === 'select-then-insert') {
    const existing = find(scope)
    // The round trip between the SELECT and the INSERT, wide enough that all ten duplicates (sent
    // within 20 ms of each other) land inside it even on a loaded machine: at 30 ms a fresh CI machine,
    // starting fourteen servers at once, spread their arrival past it and the flaw went unseen.
    await sleep(200)
    if (!existing) {
      const row = fresh()
      rows.push(row)
      save()
      return drive(row, body, res)
    }
  }
  const existing = find(scope)
  if (!existing) {
    const row = fresh()
    rows.push(row)
    save()
    return drive(row, body, res)
  }
  if (FLAW !== 'no-body-check' && existing.hash !== hash)
    return reply(res, 422, '{"error":"Idempotency-Key reused with another body"}')
  if (existing.status === 'completed') return reply(res, existing.responseStatus, existing.responseBody)
  const expired = FLAW !== 'no-lease' && existing.leaseUntil <= Date.now()
  if (existing.status === 'in_progress' && !expired)
    return reply(res, 409, '{"error":"a request with this key is in flight"}', { 'retry-after': '1' })
  existing.status = 'in_progress' // take over (pending, or a lease that ran out)
  existing.leaseUntil = Date.now() + LEASE_MS
  save()
  return drive(existing, body, res)
}

http
  .createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => {
      raw += c
    })
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/payments') return void payments(req, res, raw)
      reply(res, 404, '{"error":"not found"}')
    })
  })
  .listen(PORT, '127.0.0.1')
