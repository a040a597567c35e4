// The simulator's own trace sentences (clients, network, servers, the clock), kept
// apart from the scheduling logic in clients.ts / servers.ts / runner.ts.
import type { EngineResponse } from '../types'

const short = (key: string) => (key.length > 12 ? `${key.slice(0, 8)}…` : key)

export const simSay = {
  requestSent: (id: string, what: string, accountId: number, key: string, retry: boolean) =>
    retry
      ? `${id} retries: ${what} again with the same key`
      : `${id} sends ${what} for account ${accountId} with key ${short(key)}`,
  clientTimeout: (id: string, timeoutMs: number) => `${id} times out after ${timeoutMs} ms without an answer`,
  serverDown: (server: string, id: string) => `${server} is down: ${id} goes unanswered`,
  responseLost: (status: number, id: string) => `the network drops the ${status}: ${id} never sees it`,
  lateResponse: (status: number, id: string) => `the ${status} arrives after ${id} gave up: ignored`,
  responseReceived: (id: string, status: number, replayed: boolean) =>
    `${id} receives ${status}${replayed ? ' (replayed)' : ''}`,
  crash: (server: string, step: string) =>
    `${server} dies ${step.replace(/-/g, ' ')}: everything in flight on it is lost`,
  restart: (server: string) => `${server} restarts with empty memory; the database kept its rows`,
  clockJump: (byMs: number) => `the clock jumps ${formatSpan(byMs)} forward`,
  finalSweeps: () => 'the schedule is over: the sweeps run until every key is settled',
  truncated: () => 'the run stopped at its event limit',
  response: responseDetail,
}

/** What the server's answer says, as the response-sent event's sentence. */
function responseDetail(r: EngineResponse): string {
  let body: Record<string, unknown> = {}
  try {
    body = JSON.parse(r.body) as Record<string, unknown>
  } catch {}
  const what =
    typeof body.object === 'string' ? `${body.object} ${String(body.id)}, ${String(body.state)}` : ''
  switch (r.kind) {
    case 'created':
      return `server answers ${r.status}: ${what}`
    case 'declined':
      return `server answers ${r.status}: ${what} (card_declined)`
    case 'pending':
      return r.replayed
        ? `server answers the current state, ${r.status}: ${what}`
        : `server answers ${r.status}: ${what} (outcome unknown)`
    case 'replayed':
      return `server replays the stored ${r.status}${what ? `: ${what}` : ''}`
    case 'in-flight':
      return `server answers 409: still in flight, Retry-After ${r.retryAfterS ?? 1} s`
    case 'mismatch':
      return 'server answers 422: the key was used with a different body'
    case 'invalid':
      return 'server answers 400: the body is invalid'
    default:
      return `server answers ${r.status} (${r.kind})`
  }
}

function formatSpan(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`
  if (ms % 60_000 === 0) return `${ms / 60_000} min`
  if (ms % 1000 === 0) return `${ms / 1000} s`
  return `${ms} ms`
}
