// POST /api/mock's body, written once: the zod schema, and the request's types inferred from it.
// Client-safe: in the browser zod runs jitless (instrumentation-client.ts), so the page CSP's
// eval probe never fires.
import { z } from 'zod'
import { MAX_FOLLOW_UPS, MAX_PHASE_TEXT } from './phases'

export const phaseSchema = z.strictObject({
  kind: z.enum(['walkthrough', 'follow-up', 'add']),
  /** The card whose prompt was asked (the main card for the walk-through and "anything to add?"). */
  cardId: z.string().min(1).max(200),
  /** What was said (the live transcript) or typed; may be empty (answered aloud only). */
  text: z.string().max(MAX_PHASE_TEXT),
  answerMode: z.enum(['spoken', 'typed', 'aloud']),
  durationMs: z.number().int().min(0).max(86_400_000),
  targetMs: z.number().int().min(0).max(86_400_000),
  /** For a follow-up: the main card's point it digs into (null: asked as the learner's hardest). */
  because: z.string().max(200).nullable().optional(),
})

/** Five phases of up to 20,000 characters each, with room for JSON escapes. */
export const FINISH_MOCK_BYTES = 512 * 1024

/** POST /api/mock, sent at Finish: the whole interview at once (leaving mid-way sends nothing). */
export const finishMockSchema = z.strictObject({
  /** Minted on the device (crypto.randomUUID): a retried Finish stores the mock once. */
  id: z.uuid(),
  mainCardId: z.string().min(1).max(200),
  phases: z
    .array(phaseSchema)
    .min(1)
    .max(MAX_FOLLOW_UPS + 2),
})

export type MockPhase = z.output<typeof phaseSchema>
export type PhaseKind = MockPhase['kind']
/** POST /api/mock, sent at Finish: the whole interview at once (leaving mid-way sends nothing). */
export type FinishMockRequest = z.output<typeof finishMockSchema>
