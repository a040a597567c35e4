// Goal: the route wrapper runs its checks in one fixed order — problems on throw,
// caller, same origin, rate limit, size-capped body, schema, the study context — and
// each refusal is the problem the step names.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CLIENT_ADDRESS_HEADER } from './client'
import { issueLine, issueText } from './issues'
import { problemResponse, refusal } from './problems'
import { route } from './route'

let addresses = 0
/** A fresh client address per test, so each starts with full buckets. */
const freshAddress = () => `198.51.100.${++addresses}-${Math.random()}`

function post(body: string, headers: Record<string, string> = {}): Request {
  return new Request('http://drill.example/api/x', {
    method: 'POST',
    body,
    headers: { host: 'drill.example', 'content-type': 'application/json', ...headers },
  })
}

async function problem(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/problem+json')
  return { status: response.status, ...((await response.json()) as { type: string; detail: string }) }
}

describe('route: problems on throw', () => {
  it('an unexpected throw is a 500 problem, not an HTML page', async () => {
    const errors = console.error
    console.error = () => {}
    try {
      const handler = route({}, () => {
        throw new Error('boom')
      })
      const answer = await problem(await handler(post('{}')))
      expect(answer.status).toBe(500)
      expect(answer.type).toBe('/problems/internal-error')
    } finally {
      console.error = errors
    }
  })
})

describe('route: the order of the checks', () => {
  const account = { accountId: 7 }
  const admitOnly = (apiKey: string) => (request: Request) =>
    request.headers.get('authorization') === apiKey
      ? { ok: true as const, ...account }
      : refusal(problemResponse('unauthorized', 'no key'))

  it('the caller comes first, then same origin; the handler gets the caller', async () => {
    const handler = route({ caller: admitOnly('k'), sameOrigin: true }, ({ caller }) =>
      Response.json({ accountId: caller.accountId }),
    )
    const crossSite = { origin: 'https://evil.example' }
    expect((await problem(await handler(post('{}', crossSite)))).status).toBe(401)
    expect((await problem(await handler(post('{}', { ...crossSite, authorization: 'k' })))).status).toBe(403)
    expect(await (await handler(post('{}', { authorization: 'k' }))).json()).toEqual({ accountId: 7 })
  })

  it('a cross-origin refusal takes nothing from the limit; a refused body has drawn from it', async () => {
    const address = freshAddress()
    const handler = route({ sameOrigin: true, limit: { name: 'import' }, body: { json: 100 } }, ({ body }) =>
      Response.json(body),
    )
    const from = { [CLIENT_ADDRESS_HEADER]: address }
    for (let i = 0; i < 5; i++)
      expect((await handler(post('{}', { ...from, origin: 'https://evil.example' }))).status).toBe(403)
    // The anonymous import bucket holds 3: two bodies refused (413, 400), one read, then 429.
    expect((await problem(await handler(post(JSON.stringify('x'.repeat(200)), from)))).status).toBe(413)
    expect((await problem(await handler(post('{', from)))).status).toBe(400)
    expect(await (await handler(post('{"a":1}', from))).json()).toEqual({ a: 1 })
    const limited = await handler(post('{}', from))
    expect((await problem(limited)).type).toBe('/problems/rate-limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  })

  it('a limit that depends on the request can draw nothing', async () => {
    const address = freshAddress()
    const handler = route({ limit: () => null }, () => new Response('ok'))
    for (let i = 0; i < 10; i++)
      expect((await handler(post('{}', { [CLIENT_ADDRESS_HEADER]: address }))).status).toBe(200)
  })
})

describe('route: body and schema', () => {
  const schema = z.strictObject({ files: z.array(z.string()).min(1, 'choose at least one file') })

  it('text bodies arrive unparsed; JSON bodies checked by the schema arrive typed', async () => {
    const asText = route({ body: { text: 100 } }, ({ body }) => new Response(body.toUpperCase()))
    expect(await (await asText(post('{"a":1}'))).text()).toBe('{"A":1}')
    const typed = route({ body: { json: 100 }, schema, invalid: 'invalid-card-import' }, ({ body }) =>
      Response.json(body.files.length),
    )
    expect(await (await typed(post('{"files":["a","b"]}'))).json()).toBe(2)
  })

  it('a body that fails the schema: the named problem with the issues as its detail, or the route’s own', async () => {
    const coded = route({ body: { json: 100 }, schema, invalid: 'invalid-card-import' }, () => new Response())
    const answer = await problem(await coded(post('{"files":[],"x":1}')))
    expect(answer.type).toBe('/problems/invalid-card-import')
    expect(answer.detail).toBe('files: choose at least one file; body: Unrecognized key: "x"')
    const own = route(
      {
        body: { json: 100 },
        schema,
        invalid: (issues) => new Response(String(issues.length), { status: 400 }),
      },
      () => new Response(),
    )
    expect(await (await own(post('[]'))).text()).toBe('1')
  })
})

describe('route: the study context', () => {
  it('is found last — never for a refused request — and spread into the handler’s call', async () => {
    let found = 0
    const handler = route(
      {
        body: { json: 1024 },
        schema: z.strictObject({ n: z.number() }),
        study: async () => {
          found += 1
          return { learnerId: 'learner-1', nowMs: 42 }
        },
      },
      ({ body, learnerId, nowMs }) => Response.json({ n: body.n, learnerId, nowMs }),
    )
    expect((await handler(post('{"n":"x"}'))).status).toBe(400)
    expect((await handler(post('{"n":', {}))).status).toBe(400)
    expect(found).toBe(0)
    expect(await (await handler(post('{"n":7}'))).json()).toEqual({ n: 7, learnerId: 'learner-1', nowMs: 42 })
    expect(found).toBe(1)
  })
})

describe('issueText', () => {
  it('"path: message" per issue, joined by "; "; an empty path is the root word', () => {
    const parsed = z.strictObject({ a: z.number() }).safeParse({ a: 'x', b: 1 })
    const issues = parsed.success ? [] : parsed.error.issues
    expect(issueText(issues)).toBe(
      'a: Invalid input: expected number, received string; body: Unrecognized key: "b"',
    )
    expect(issueLine(issues[1]!, '(body)')).toBe('(body): Unrecognized key: "b"')
  })
})
