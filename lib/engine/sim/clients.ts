// The scripted clients: each request is sent at its time over a network with latency,
// gives up after its timeout, and may have its response dropped. Retries share their
// original's lane ('client-A'). Answers the client actually received are collected.
import { canonicalJson, sha256Hex } from '../canonical'
import type { ClientResponse } from '../trace'
import { simSay } from './narration'
import type { ScenarioRequest } from './scenario'
import type { Servers } from './servers'
import type { SimWorld } from './world'

export interface Clients {
  send(r: ScenarioRequest): void
  /** Each lane's account, in first-seen order (for the trace's actors). */
  accounts: Map<string, number>
  responses: ClientResponse[]
}

export function createClients(world: SimWorld, servers: Servers): Clients {
  const { scenario, clock, rec } = world
  const { timing } = scenario
  const lanes = new Map<string, string>()
  const laneOf = (r: ScenarioRequest): string => {
    const own =
      r.client ??
      (r.retryOf !== undefined ? lanes.get(r.retryOf)?.replace(/^client-/, '') : undefined) ??
      r.id
    const lane = `client-${own}`
    lanes.set(r.id, lane)
    return lane
  }
  const dropped = new Set(scenario.faults.flatMap((f) => (f.kind === 'drop-response' ? [f.requestId] : [])))
  const responses: ClientResponse[] = []
  const accounts = new Map<string, number>()

  function send(r: ScenarioRequest): void {
    const lane = laneOf(r)
    if (!accounts.has(lane)) accounts.set(lane, r.accountId)
    const state = { answered: false, gaveUp: false }
    const bodyHash = sha256Hex(
      canonicalJson(r.operation === 'refund' ? { ...(r.body as object), paymentId: r.paymentId } : r.body),
    )
    const common = { requestId: r.id, accountId: r.accountId, key: r.key, bodyHash }
    const what = r.operation === 'refund' ? `refund of payment ${r.paymentId}` : 'POST /payments'
    rec({
      actor: lane,
      kind: 'request-sent',
      from: lane,
      to: r.server,
      ...common,
      detail: simSay.requestSent(r.id, what, r.accountId, r.key, r.retryOf !== undefined),
    })
    clock.at(
      clock.elapsedMs + r.timeoutMs,
      () => {
        if (state.answered) return
        state.gaveUp = true
        rec({
          actor: lane,
          kind: 'client-timeout',
          ...common,
          detail: simSay.clientTimeout(r.id, r.timeoutMs),
        })
      },
      0,
    )
    clock.at(clock.elapsedMs + timing.networkMs, () => {
      const server = servers.get(r.server)
      if (!server.alive) {
        rec({ actor: r.server, kind: 'note', ...common, detail: simSay.serverDown(r.server, r.id) })
        return
      }
      const epoch = server.epoch
      const call =
        r.operation === 'refund'
          ? server.engine.refundPayment({
              accountId: r.accountId,
              key: r.key,
              paymentId: r.paymentId ?? 0,
              body: r.body,
              requestId: r.id,
              ...(r.waitMs !== undefined ? { waitMs: r.waitMs } : {}),
            })
          : server.engine.createPayment({
              accountId: r.accountId,
              key: r.key,
              body: r.body,
              requestId: r.id,
              ...(r.waitMs !== undefined ? { waitMs: r.waitMs } : {}),
            })
      void call.then((response) => {
        if (server.epoch !== epoch) return
        // What the response-sent and response-received events both carry.
        const answer = { status: response.status, responseBody: response.body, replayed: response.replayed }
        rec({
          actor: r.server,
          kind: 'response-sent',
          from: r.server,
          to: lane,
          ...common,
          ...answer,
          detail: simSay.response(response),
        })
        if (dropped.has(r.id)) {
          rec({
            actor: r.server,
            kind: 'response-lost',
            from: r.server,
            to: lane,
            ...common,
            status: response.status,
            detail: simSay.responseLost(response.status, r.id),
          })
          return
        }
        clock.at(clock.elapsedMs + timing.networkMs, () => {
          if (state.gaveUp) {
            rec({ actor: lane, kind: 'note', ...common, detail: simSay.lateResponse(response.status, r.id) })
            return
          }
          state.answered = true
          let body: unknown = null
          try {
            body = JSON.parse(response.body)
          } catch {}
          rec({
            actor: lane,
            kind: 'response-received',
            from: r.server,
            to: lane,
            ...common,
            ...answer,
            detail: simSay.responseReceived(r.id, response.status, response.replayed),
          })
          responses.push({
            tMs: clock.elapsedMs,
            requestId: r.id,
            accountId: r.accountId,
            key: r.key,
            status: response.status,
            body,
            replayed: response.replayed,
          })
        })
      })
    })
  }
  return { send, accounts, responses }
}
