// GET /api/review/day — the rest of /review: every card of this learner's study day as data
// (lib/review/day-card.ts: { items: [{ id, cardId, lastReviewId, title, keepOffline, card }] },
// card being a recall card with its sanitized answer HTML, points and rating labels, or a drill round),
// in queue order; none when the day is done. Objects met more than once (a drill's timeline events)
// are sent once, in `refs` (lib/review/shared-refs.ts). The review page fetches it after its first card has
// painted, and the service worker keeps the last good copy with /review for grading offline.
// Reads only: a learner without a stored row gets the day in the default zone and stays unstored.

import { route } from '@/lib/http/route'
import { dayQueueBody } from '@/lib/review/day-card'
import { dayItems } from '@/lib/review/day-items'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

export const GET = route({ study: study.read }, async ({ db, learnerId, nowMs }) => {
  return Response.json(dayQueueBody(await dayItems(db, learnerId, nowMs)), {
    headers: { 'cache-control': 'no-store' },
  })
})
