// What a grade request must carry (POST /api/review/grade).
import { z } from 'zod'
import { timezoneSchema } from '@/lib/srs/settings'

export const gradeRequestSchema = z.strictObject({
  cardId: z.string().min(1).max(200),
  /** Required without an Idempotency-Key header; with one, the key is the attempt's token. */
  attemptToken: z.string().min(8).max(100).optional(),
  rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  pointsTicked: z.array(z.string().min(1).max(200)).max(50),
  /** Time from the prompt to "Show answer". A day caps a tab left open. */
  durationMs: z.number().int().min(0).max(86_400_000),
  answerMode: z.enum(['spoken', 'typed', 'aloud']),
  /**
   * When the learner graded it, on the device's clock (ISO 8601). Grades from the device's queue
   * send it with `sentAt`: the review is recorded `sentAt − reviewedAt` before the server's now
   * (lib/review/device-time.ts); without `sentAt`, at the server's now.
   */
  reviewedAt: z.iso.datetime({ offset: true }).optional(),
  /** When this request left the device, on the same clock (set again on every retry). */
  sentAt: z.iso.datetime({ offset: true }).optional(),
  /** The browser's IANA zone; stored as the learner's zone on their first review only. */
  timezone: timezoneSchema.optional(),
})

export type GradeRequest = z.infer<typeof gradeRequestSchema>

export const undoRequestSchema = z.strictObject({ logId: z.number().int().positive() })
