// The study mix of bench:capacity, shared with bench:scale: simulated learners arriving
// open-loop (Poisson, so a slow server cannot slow the load down and hide its own latency).
// Each active learner, per minute:
//   4 page views  — /, /review, /cards/<id>, /sandbox?scenario=<preset>, in turn
//   2 grades      — POST /api/review/grade (a card every ~30 s of study)
//   1 sandbox run — POST /api/sandbox/run with a preset
//   1 payment     — POST /api/payments on the learner's own account (the live console)
// i.e. a learner who studies, glances at a card, and tries the simulator and the API now and
// then; 8 requests per learner-minute. Learners sit 30 to an address (a class behind one NAT):
// the server must trust 127.0.0.1 as a proxy (DRILL_TRUST_PROXY) and each learner sends its
// class's X-Forwarded-For, so per-address limits apply as they would in production.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export const LEARNERS_PER_ADDRESS = 30
export const REQUESTS_PER_LEARNER_MINUTE = 8

const cards = fs
  .readdirSync(path.join('content', 'cards'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.replace(/\.md$/, ''))
const presets = fs
  .readdirSync(path.join('content', 'scenarios'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
const scenarioJson = fs.readFileSync(path.join('content', 'scenarios', 'lost-response.json'), 'utf8')

export interface Learner {
  id: string
  address: string
  apiKey: string
  turn: number
}

export type Kind = 'page' | 'grade' | 'sandbox' | 'payment'
const mix: Kind[] = ['page', 'page', 'page', 'page', 'grade', 'grade', 'sandbox', 'payment']

export interface Sample {
  kind: Kind
  ms: number
  status: number
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function timed(kind: Kind, run: () => Promise<Response>): Promise<Sample> {
  const start = performance.now()
  try {
    const res = await run()
    await res.arrayBuffer()
    return { kind, ms: performance.now() - start, status: res.status }
  } catch {
    return { kind, ms: performance.now() - start, status: 0 }
  }
}

export function act(baseUrl: string, learner: Learner): Promise<Sample> {
  const kind = mix[Math.floor(Math.random() * mix.length)]!
  const headers = { cookie: `drill-learner=${learner.id}`, 'x-forwarded-for': learner.address }
  const post = { ...headers, 'content-type': 'application/json', origin: baseUrl }
  learner.turn++
  switch (kind) {
    case 'page': {
      const pages = [
        '/',
        '/review',
        `/cards/${cards[learner.turn % cards.length]}`,
        `/sandbox?scenario=${presets[learner.turn % presets.length]}`,
      ]
      return timed(kind, () => fetch(`${baseUrl}${pages[learner.turn % pages.length]}`, { headers }))
    }
    case 'grade':
      return timed(kind, () =>
        fetch(`${baseUrl}/api/review/grade`, {
          method: 'POST',
          headers: post,
          body: JSON.stringify({
            cardId: cards[learner.turn % cards.length],
            attemptToken: randomUUID(),
            rating: 3,
            pointsTicked: [],
            durationMs: 20_000,
            answerMode: 'typed',
          }),
        }),
      )
    case 'sandbox':
      return timed(kind, () =>
        fetch(`${baseUrl}/api/sandbox/run`, {
          method: 'POST',
          headers: post,
          body: `{"scenario":${scenarioJson}}`,
        }),
      )
    case 'payment':
      return timed(kind, () =>
        fetch(`${baseUrl}/api/payments`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${learner.apiKey}`,
            'idempotency-key': randomUUID(),
            'x-forwarded-for': learner.address,
          },
          body: JSON.stringify({
            orderId: `o-${learner.turn}`,
            amount: 2500,
            currency: 'USD',
            paymentMethodToken: 'token-9',
          }),
        }),
      )
  }
}

export async function makeLearners(baseUrl: string, count: number, from: Learner[]): Promise<Learner[]> {
  const learners = [...from]
  while (learners.length < count) {
    const i = learners.length
    const address = `10.${Math.floor(i / LEARNERS_PER_ADDRESS / 250)}.${Math.floor(i / LEARNERS_PER_ADDRESS) % 250}.1`
    const res = await fetch(`${baseUrl}/api/accounts`, {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
    })
    if (res.status !== 201) throw new Error(`POST /api/accounts answered ${res.status}`)
    const { apiKey } = (await res.json()) as { apiKey: string }
    learners.push({ id: randomUUID(), address, apiKey, turn: i })
  }
  return learners
}

/**
 * `stepS` seconds of open-loop (Poisson) arrivals at the learners' rate; each request goes to one of
 * `baseUrls` at random (several instances behind a balancer: a learner's requests land anywhere).
 */
export async function runStep(
  baseUrls: readonly string[],
  learners: Learner[],
  stepS: number,
): Promise<Sample[]> {
  const ratePerS = (learners.length * REQUESTS_PER_LEARNER_MINUTE) / 60
  const samples: Promise<Sample>[] = []
  const endMs = performance.now() + stepS * 1000
  let next = performance.now()
  while (next < endMs) {
    next += -Math.log(1 - Math.random()) * (1000 / ratePerS)
    const wait = next - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    samples.push(
      act(
        baseUrls[Math.floor(Math.random() * baseUrls.length)]!,
        learners[Math.floor(Math.random() * learners.length)]!,
      ),
    )
  }
  return Promise.all(samples)
}
