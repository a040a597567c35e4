// Plumbing the sandbox routes share: a size-capped JSON body, and the per-learner rate
// limit (the learner cookie proxy.ts sets; the client address when there is none).
import type { NextRequest } from 'next/server'
import type { z } from 'zod'
import { isLearnerId, LEARNER_COOKIE } from '@/lib/learner-cookie'
import { problem, problemResponse } from '@/lib/problem'
import { createRateLimiter } from './rate-limit'

/** Largest request body the sandbox reads (a scenario is a few KB). */
export const MAX_BODY_BYTES = 64 * 1024

// One bucket per learner: bursts of 60 units, 2 units back per second. A run costs 1,
// a compare 2, a chaos batch 2.
const limiter = createRateLimiter({ capacity: 60, refillPerS: 2 })

export type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response }

export async function readJsonBody(request: Request): Promise<BodyResult> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_BODY_BYTES) return { ok: false, response: tooLarge() }
  const text = await request.text()
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) return { ok: false, response: tooLarge() }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return {
      ok: false,
      response: problemResponse(
        problem('malformed-json', 'Malformed JSON', 400, 'The request body is not valid JSON.'),
      ),
    }
  }
}

function tooLarge(): Response {
  return problemResponse(
    problem(
      'payload-too-large',
      'Payload too large',
      413,
      `The sandbox reads at most ${MAX_BODY_BYTES} bytes per request.`,
    ),
  )
}

function learnerKey(request: NextRequest): string {
  const cookie = request.cookies.get(LEARNER_COOKIE)?.value
  if (cookie && isLearnerId(cookie)) return `learner:${cookie}`
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  return `address:${forwarded || 'unknown'}`
}

/** null when the learner may go on; a 429 problem (with Retry-After) when not. */
export function rateLimited(request: NextRequest, cost: number): Response | null {
  const taken = limiter.take(learnerKey(request), Date.now(), cost)
  if (taken.ok) return null
  return problemResponse(
    problem(
      'rate-limited',
      'Too many sandbox runs',
      429,
      `Too many runs in a short time. Try again in ${taken.retryAfterS} s.`,
      { retryAfterS: taken.retryAfterS },
    ),
    { 'retry-after': String(taken.retryAfterS) },
  )
}

export function invalidScenario(problems: string[]): Response {
  return problemResponse(
    problem(
      'invalid-scenario',
      'Invalid scenario',
      400,
      `The scenario is not valid: ${problems.slice(0, 5).join('; ')}`,
      {
        problems: problems.slice(0, 20),
      },
    ),
  )
}

/**
 * The start every sandbox POST shares: the rate limit, the size-capped JSON body, then its
 * shape. A wrong shape is an invalid-scenario 400 that says `shapeProblem` when given,
 * else lists zod's issues.
 */
export async function readSandboxRequest<Schema extends z.ZodType>(
  request: NextRequest,
  { cost, schema, shapeProblem }: { cost: number; schema: Schema; shapeProblem?: string },
): Promise<{ ok: true; value: z.output<Schema> } | { ok: false; response: Response }> {
  const limited = rateLimited(request, cost)
  if (limited) return { ok: false, response: limited }
  const body = await readJsonBody(request)
  if (!body.ok) return body
  const parsed = schema.safeParse(body.value)
  if (parsed.success) return { ok: true, value: parsed.data }
  const problems =
    shapeProblem !== undefined
      ? [shapeProblem]
      : parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
  return { ok: false, response: invalidScenario(problems) }
}
