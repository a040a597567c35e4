// Drill's own fake payment provider on loopback: the ground truth for "charged once".
// POST /charges {amount,currency,reference} (+ Idempotency-Key) → 201 {id,status};
// a repeated key returns the first charge and charges nothing. Each check arms it.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TimelineKind } from './types'

export interface Charge {
  id: string
  amount: number
  currency: string
  reference: string
  key: string | null
}

export interface ProviderMode {
  /** Hold each answer this long. */
  delayMs: number
  /** First call only: charge, then drop the connection without an answer. */
  dropFirst: boolean
  /** First call only: after charging, before answering (the checker kills the server). */
  onFirstCharge?: () => Promise<void>
}

export interface FakeProvider {
  url: string
  charges: Charge[]
  arm(mode: Partial<ProviderMode>): void
  /** Called on every charge call (the checker's timeline). */
  onCall?: (what: string, from: 'server' | 'provider', kind: TimelineKind, status?: number) => void
  close(): Promise<void>
}

export async function startProvider(port = 0): Promise<FakeProvider> {
  const charges: Charge[] = []
  const byKey = new Map<string, Charge>()
  let mode: ProviderMode = { delayMs: 0, dropFirst: false }
  let firstPending = false
  const provider: FakeProvider = {
    url: '',
    charges,
    arm(next) {
      mode = { delayMs: 0, dropFirst: false, ...next }
      firstPending = true
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => {
      raw += c
    })
    req.on('end', async () => {
      if (req.method !== 'POST' || req.url !== '/charges') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}')
        return
      }
      let body: { amount?: unknown; currency?: unknown; reference?: unknown }
      try {
        body = JSON.parse(raw)
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"body is not JSON"}')
        return
      }
      if (!Number.isInteger(body.amount) || typeof body.currency !== 'string') {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end('{"error":"amount and currency required"}')
        return
      }
      const keyHeader = req.headers['idempotency-key']
      const key = typeof keyHeader === 'string' ? keyHeader : null
      const first = firstPending
      firstPending = false
      let charge = key ? byKey.get(key) : undefined
      const repeated = charge !== undefined
      if (!charge) {
        charge = {
          id: `ch_${charges.length + 1}`,
          amount: body.amount as number,
          currency: body.currency,
          reference: String(body.reference ?? ''),
          key,
        }
        charges.push(charge)
        if (key) byKey.set(key, charge)
      }
      provider.onCall?.(
        `POST /charges ${body.amount} ${body.currency}${key ? ` key ${key}` : ' (no key)'}${repeated ? `: repeated key, returns ${charge.id}` : `: charged ${charge.id}`}`,
        'server',
        repeated ? 'provider-deduped' : 'provider-call',
      )
      if (first && mode.onFirstCharge) {
        await mode.onFirstCharge()
        req.socket.destroy()
        return
      }
      if (first && mode.dropFirst) {
        provider.onCall?.(
          `charged ${charge.id}, drops the connection without an answer`,
          'provider',
          'provider-dropped',
        )
        req.socket.destroy()
        return
      }
      const delay = first ? mode.delayMs : Math.min(mode.delayMs, 1000)
      if (delay > 0) await new Promise((r) => setTimeout(r, delay))
      provider.onCall?.(`201 ${charge.id} succeeded`, 'provider', 'provider-answer', 201)
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: charge.id, status: 'succeeded' }))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return provider
}
