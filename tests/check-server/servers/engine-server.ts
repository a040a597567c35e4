// Drill's own engine behind the check:server contract (README "Check your own server"), through a
// thin adapter: `tsx tests/check-server/servers/engine-server.ts` with PORT and PROVIDER_URL.
// The engine is lib/live's (createEngine, systemClock, reject-409 with Retry-After) on a SQLite
// FILE (STATE_FILE, so a claim survives kill -9), and its provider port is an HTTP client of
// PROVIDER_URL/charges. Only translation lives here: the bearer's account id → the engine's
// numeric account, the contract's body + a card token, the engine's answer → the HTTP answer
// (lib/live's own header and response code), and the sweeps lib/live runs on a timer.
import { createHash } from 'node:crypto'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { migrateSqlite, openSqlite } from '@/db/open'
import {
  type ChargeOutcome,
  createEngine,
  engineConfig,
  type PaymentProvider,
  systemClock,
} from '@/lib/engine'
import { problemResponse } from '@/lib/http/problems'
import { parseBearer, parseIdempotencyKey } from '@/lib/live/headers'
import { toHttpResponse } from '@/lib/live/respond'

const PORT = Number(process.env.PORT)
const PROVIDER_URL = process.env.PROVIDER_URL
// Shorter than the checker's 30 s settle window, so a lease left by a crash runs out inside it.
const LEASE_MS = Number(process.env.LEASE_MS) || 5000
const SWEEP_MS = 250
const STATE_FILE = process.env.STATE_FILE ?? path.join(os.tmpdir(), `drill-check-engine-${PORT}.db`)

/** The contract's provider: POST /charges under OUR key; a repeated key returns the first charge. */
const provider: PaymentProvider = {
  async charge(request): Promise<ChargeOutcome> {
    try {
      const res = await fetch(`${PROVIDER_URL}/charges`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(request.providerKey ? { 'idempotency-key': request.providerKey } : {}),
        },
        body: JSON.stringify({
          amount: request.amountMinor,
          currency: request.currency,
          reference: request.providerKey,
        }),
        signal: AbortSignal.timeout(10_000),
      })
      if (res.status === 201) {
        const charge = (await res.json()) as { id: string }
        return { kind: 'accepted', chargeId: charge.id, deduped: false }
      }
      // A 4xx is a refusal (nothing charged); a 5xx may have charged: unknown.
      return res.status < 500 ? { kind: 'unavailable' } : { kind: 'timeout' }
    } catch {
      return { kind: 'timeout' } // dropped or timed out: the money may have been taken
    }
  },
  // This provider has no lookup. 'not-found' makes reconciliation re-drive the key under the
  // SAME provider key, and the provider answers a repeated key with the first charge.
  lookup: async () => ({ kind: 'not-found' }),
  refund: async () => ({ kind: 'unavailable' }),
  ledger: () => [],
}

const sqlite = openSqlite(STATE_FILE)
migrateSqlite(sqlite)
const engine = createEngine({
  sqlite,
  clock: systemClock,
  provider,
  config: engineConfig({ leaseMs: LEASE_MS, inFlightPolicy: { kind: 'reject-409', retryAfterS: 1 } }),
})

/** The contract's account ids are strings; the engine's are numbers: 48 bits of their hash. */
const accountNumber = (account: string) =>
  Number.parseInt(createHash('sha256').update(account).digest('hex').slice(0, 12), 16)

async function answer(req: http.IncomingMessage, raw: string): Promise<Response> {
  if (req.method !== 'POST' || req.url !== '/payments')
    return problemResponse('not-found', 'POST /payments only.')
  const header = (name: string) => (req.headers[name] as string | undefined) ?? null
  const account = parseBearer(header('authorization'))
  if (!account) return problemResponse('unauthorized', 'Authorization: Bearer <account id> is required.')
  const key = parseIdempotencyKey(header('idempotency-key'))
  if (!key.ok) return problemResponse('invalid-idempotency-key', key.detail)
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    return problemResponse('malformed-body', 'The body is not JSON.')
  }
  // The contract's body has no card: every payment uses the provider's always-succeeding token.
  const withCard =
    body && typeof body === 'object' && !Array.isArray(body)
      ? { ...body, paymentMethodToken: 'tok_visa' }
      : body
  const result = await engine.createPayment({
    accountId: accountNumber(account),
    key: key.key,
    body: withCard,
  })
  return toHttpResponse(result)
}

http
  .createServer((req, res) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (c) => {
      raw += c
    })
    req.on('end', async () => {
      // Expected outcomes are values; only a broken invariant throws, and it is a 500, not a crash.
      const response = await answer(req, raw).catch((error: unknown) =>
        problemResponse('internal-error', `The engine threw: ${String(error)}`),
      )
      res.writeHead(response.status, Object.fromEntries(response.headers))
      res.end(await response.text())
    })
  })
  .listen(PORT, '127.0.0.1')

// lib/live's sweeper in small: lease recovery (a crash's in_progress key), reconciliation
// (a pending_unknown key after the provider dropped its answer), the reaper.
let sweeping = false
setInterval(() => {
  if (sweeping) return
  sweeping = true
  void engine.sweepOnce().finally(() => {
    sweeping = false
  })
}, SWEEP_MS)
