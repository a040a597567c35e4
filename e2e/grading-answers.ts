// The answers the grader is shown in e2e/grading.spec.ts and timed with in
// bench/grading-served.ts, in one place: a charge-first design, a full correct answer to the
// idempotency-keys card, and an own card (Markdown, as POST /api/own-cards/import takes it) whose
// cues the grader hears.

export const CHARGE_FIRST =
  'I would charge the card first and then insert the idempotency key with on conflict do nothing.'

/** Every point of idempotency-keys made, in the answer's own words. */
export const RIGHT_ANSWER = [
  'The client mints one idempotency key, a UUID, per logical operation and sends the same key on every retry.',
  'Before the charge the server claims the key with an atomic insert on a unique constraint, status in_progress,',
  'with a hash of the body, and commits it; only then does it call the provider.',
  'At the end the outcome is saved on the key row, and a retry gets the stored response replayed byte for byte.',
  'If the same key comes back with a different body the body hash does not match and we answer 422.',
  'Keys expire after 24 hours and are scoped per account.',
].join(' ')

/** A rate-limiter card with three cued points (the second critical), under the id given. */
export function tokenBucketCard(id: string): string {
  return [
    '---',
    `id: ${id}`,
    'title: Token bucket rate limiter',
    'deck: Rate limiter',
    'prompt: Design a rate limiter for a public API.',
    'points:',
    '  - id: bucket-per-key',
    '    text: A token bucket per client key',
    '    cues: [token bucket]',
    '  - id: atomic-refill',
    '    text: Refill and take atomically in one store',
    '    critical: true',
    '    cues: [atomically]',
    '  - id: answer-429',
    '    text: Answer 429 with Retry-After',
    '    cues: [retry-after]',
    '---',
    '',
  ].join('\n')
}
