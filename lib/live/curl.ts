// The live console's copy-paste commands: each one a step of the card's story
// (create, lose-and-retry, changed body, in-flight race, unknown outcome), with the
// learner's own key. Pure: the console and the docs render the same text.

export interface CurlStep {
  id: 'create' | 'lose-and-retry' | 'changed-body' | 'slow-race' | 'timeout' | 'decline'
  title: string
  /** What to look for in the output, in one or two sentences. */
  expect: string
  command: string
}

export interface CurlOptions {
  baseUrl: string
  apiKey: string
  /** Makes this visit's keys fresh, so running the commands again starts new operations. */
  keyPrefix: string
}

interface Body {
  orderId: string
  amount: number
  currency: string
  paymentMethodToken: string
}

function payment({ baseUrl, apiKey }: CurlOptions, key: string, body: Body, extra: string[] = []): string {
  return [
    `curl -si -X POST ${baseUrl}/api/payments`,
    `  -H 'Authorization: Bearer ${apiKey}'`,
    `  -H 'Idempotency-Key: ${key}'`,
    `  -H 'Content-Type: application/json'`,
    ...extra.map((line) => `  ${line}`),
    `  -d '${JSON.stringify(body)}'`,
  ].join(' \\\n')
}

export function curlSteps(options: CurlOptions): CurlStep[] {
  const k = (n: string) => `${options.keyPrefix}-${n}`
  const order = (n: number, token = 'token-9', amount = 2500): Body => ({
    orderId: `order-${n}`,
    amount,
    currency: 'USD',
    paymentMethodToken: token,
  })
  return [
    {
      id: 'create',
      title: 'Create a payment',
      expect:
        'HTTP 201, a Location header and the payment. Run it again: the same body comes back with Idempotent-Replayed: true, and the provider still has one charge.',
      command: payment(options, k('create'), order(42)),
    },
    {
      id: 'lose-and-retry',
      title: 'Lose the response, then retry',
      expect:
        'tok_slow takes 2 s at the provider; curl gives up after 1 s, so the first response is lost. The retry with the same key replays the stored 201: one charge.',
      command: `${payment(options, k('lost'), order(43, 'tok_slow'), ['--max-time 1'])}\nsleep 2\n${payment(options, k('lost'), order(43, 'tok_slow'))}`,
    },
    {
      id: 'changed-body',
      title: 'Reuse a key with a changed body',
      expect:
        'HTTP 422, a problem whose type ends in /idempotency-key-reused. The stored row is unchanged and the provider is not called. (Run "Create a payment" first.)',
      command: payment(options, k('create'), order(42, 'token-9', 2600)),
    },
    {
      id: 'slow-race',
      title: 'Race a duplicate while the first is in flight',
      expect:
        'Two identical requests at once: one 201, one 409 with Retry-After. The third, sent with Prefer: wait=5, is held and receives the stored 201.',
      command: [
        `${payment(options, k('race'), order(44, 'tok_slow'))} &`,
        'sleep 0.3',
        `${payment(options, k('race'), order(44, 'tok_slow'))} &`,
        'sleep 0.3',
        payment(options, k('race'), order(44, 'tok_slow'), ["-H 'Prefer: wait=5'"]),
        'wait',
      ].join('\n'),
    },
    {
      id: 'timeout',
      title: 'An unknown outcome: the provider times out',
      expect:
        'HTTP 202 with "state": "pending_unknown": the provider took the money but our call timed out. The reconciliation sweep asks the provider within a few seconds; the retry then replays 201, still one charge.',
      command: `${payment(options, k('timeout'), order(45, 'tok_timeout'))}\nsleep 5\n${payment(options, k('timeout'), order(45, 'tok_timeout'))}`,
    },
    {
      id: 'decline',
      title: 'A declined card',
      expect:
        'HTTP 402 with "failureCode": "card_declined". A decline is a final answer: the retry replays it.',
      command: payment(options, k('decline'), order(46, 'tok_decline')),
    },
  ]
}
