// The scripted clients: each request is sent at its time over a network with latency,
// gives up after its timeout, and may have its response dropped. Retries share their
// original's lane ('client-A'). Answers the client actually received are collected.
import { canonicalJson, sha256Hex } from '../canonical'
import type { ClientResponse } from '../trace'
import type { EngineResponse } from '../types'
import { simSay } from './narration'
import type { ScenarioRequest } from './scenario'
import type { Server, Servers } from './servers'
import type { SimWorld } from './world'

export interface Clients {
  send(r: ScenarioRequest): void
  /** Each lane's account, in first-seen order (for the trace's actors). */
  accounts: Map<string, number>
  responses: ClientResponse[]
}

/** What every request's trip needs: time, the trace, the servers and the network's faults. */
interface Network {
  world: SimWorld
  servers: Servers
  /** Requests whose response the network drops. */
  dropped: Set<string>
  responses: ClientResponse[]
}

/** One request on its way: its lane, the fields all its events carry, and whether the client still waits. */
interface Trip {
  r: ScenarioRequest
  lane: string
  common: { requestId: string; accountId: number; key: string; bodyHash: string }
  state: { answered: boolean; gaveUp: boolean }
}

export function createClients(world: SimWorld, servers: Servers): Clients {
  const { scenario } = world
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
  const network: Network = { world, servers, dropped, responses: [] }
  const accounts = new Map<string, number>()

  function send(r: ScenarioRequest): void {
    const lane = laneOf(r)
    if (!accounts.has(lane)) accounts.set(lane, r.accountId)
    depart(network, r, lane)
  }
  return { send, accounts, responses: network.responses }
}

/** The client sends: the request travels to its server, and the client's timeout starts. */
function depart(network: Network, r: ScenarioRequest, lane: string): void {
  const { clock, rec, scenario } = network.world
  const state = { answered: false, gaveUp: false }
  const bodyHash = sha256Hex(
    canonicalJson(r.operation === 'refund' ? { ...(r.body as object), paymentId: r.paymentId } : r.body),
  )
  const common = { requestId: r.id, accountId: r.accountId, key: r.key, bodyHash }
  const trip: Trip = { r, lane, common, state }
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
  clock.at(clock.elapsedMs + scenario.timing.networkMs, () => arrive(network, trip))
}

/** The request reaches its server: lost if the server is down, else handled by its engine. */
function arrive(network: Network, trip: Trip): void {
  const { r, common } = trip
  const server = network.servers.get(r.server)
  if (!server.alive) {
    network.world.rec({ actor: r.server, kind: 'note', ...common, detail: simSay.serverDown(r.server, r.id) })
    return
  }
  const epoch = server.epoch
  void handle(server, r).then((response) => {
    if (server.epoch !== epoch) return
    respond(network, trip, response)
  })
}

function handle(server: Server, r: ScenarioRequest): Promise<EngineResponse> {
  return r.operation === 'refund'
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
}

/** The server answers: the network drops the response, or carries it back to the client. */
function respond(network: Network, trip: Trip, response: EngineResponse): void {
  const { clock, rec, scenario } = network.world
  const { r, lane, common } = trip
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
  if (network.dropped.has(r.id)) {
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
  clock.at(clock.elapsedMs + scenario.timing.networkMs, () => receive(network, trip, response, answer))
}

/** The response reaches the client: too late if it gave up, else the answer it got. */
function receive(
  network: Network,
  trip: Trip,
  response: EngineResponse,
  answer: { status: number; responseBody: string; replayed: boolean },
): void {
  const { clock, rec } = network.world
  const { r, lane, common, state } = trip
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
  network.responses.push({
    tMs: clock.elapsedMs,
    requestId: r.id,
    accountId: r.accountId,
    key: r.key,
    status: response.status,
    body,
    replayed: response.replayed,
  })
}
