// Mock interviews for the page benchmarks' learners, stored through POST /api/mock as the
// browser's Finish sends them (a walk-through, two follow-ups and "anything to add?", with
// answers a few sentences long), so /mock lists them and /mock/<id> reports one.
import { randomUUID } from 'node:crypto'

const MAIN_CARD = 'idempotency-keys'
const FOLLOW_UPS = ['in-flight-retry', 'unknown-outcome']
const SAID =
  'The client sends an idempotency key; we insert the key row first, claim it, then call the provider, ' +
  'and when the charge completes we store the response on the row so a retry replays it. '

function finishBody(id: string) {
  const phase = (kind: 'walkthrough' | 'follow-up' | 'add', cardId: string, because?: string) => ({
    kind,
    cardId,
    text: SAID.repeat(kind === 'add' ? 1 : 4),
    answerMode: 'typed' as const,
    durationMs: 95_000,
    targetMs: 120_000,
    ...(kind === 'follow-up' ? { because: because ?? null } : {}),
  })
  return {
    id,
    mainCardId: MAIN_CARD,
    phases: [
      phase('walkthrough', MAIN_CARD),
      ...FOLLOW_UPS.map((cardId) => phase('follow-up', cardId)),
      phase('add', MAIN_CARD),
    ],
  }
}

/** Stores `count` mocks for the learner in `cookie`; returns the last one's id. */
export async function storeBenchMocks(baseUrl: string, cookie: string, count: number): Promise<string> {
  let id = ''
  for (let i = 0; i < count; i++) {
    id = randomUUID()
    const response = await fetch(`${baseUrl}/api/mock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(finishBody(id)),
    })
    if (response.status !== 201)
      throw new Error(`storing a bench mock failed: ${response.status} ${await response.text()}`)
  }
  return id
}
