// The problems the HTTP layer answers itself, before or around the engine
// (the engine builds its own 400/409/422 bodies). All RFC 9457 via lib/problem.ts.
import { type Problem, problem, problemResponse } from '@/lib/problem'

export const problems = {
  unauthorized: () =>
    problem(
      'unauthorized',
      'Unauthorized',
      401,
      'Send Authorization: Bearer <apiKey> with a key from POST /api/accounts.',
    ),
  invalidKey: (detail: string) => problem('invalid-idempotency-key', 'Invalid Idempotency-Key', 400, detail),
  malformedBody: (detail: string) => problem('malformed-body', 'Malformed body', 400, detail),
  unsupportedMediaType: (detail: string) =>
    problem('unsupported-media-type', 'Unsupported media type', 415, detail),
  tooLarge: (detail: string) => problem('body-too-large', 'Body too large', 413, detail),
  notFound: (detail: string) => problem('not-found', 'Not found', 404, detail),
  noLearner: () =>
    problem(
      'no-learner',
      'No learner',
      401,
      'Open /sandbox in a browser first: the console account belongs to its cookie.',
    ),
  rateLimited: (retryAfterS: number) =>
    problem(
      'rate-limited',
      'Too many requests',
      429,
      `Too many accounts created from this address; retry in ${retryAfterS} s.`,
    ),
} satisfies Record<string, (...args: never[]) => Problem>

export { problemResponse }

/** Maps a failed body read to its problem response. */
export function bodyProblem(
  reason: 'unsupported-media-type' | 'too-large' | 'malformed',
  detail: string,
): Response {
  if (reason === 'unsupported-media-type') return problemResponse(problems.unsupportedMediaType(detail))
  if (reason === 'too-large') return problemResponse(problems.tooLarge(detail))
  return problemResponse(problems.malformedBody(detail))
}
