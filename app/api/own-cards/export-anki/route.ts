// GET /api/own-cards/export-anki?deck=<name> → the learner's own deck as an .apkg
// (legacy collection.anki2 layout, which every Anki imports): one Basic note per
// card, stable guids, and the review history with each card's due day and interval.
// No such deck → 404 problem.
import { z } from 'zod'
import { exportDeckForAnki } from '@/lib/anki/export'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

const deckSchema = z.string().trim().min(1, 'name the deck: ?deck=<name>').max(200, 'at most 200 characters')

export const GET = route({ study: study.read }, async ({ request, db, learnerId, nowMs }) => {
  const deck = deckSchema.safeParse(new URL(request.url).searchParams.get('deck') ?? '')
  if (!deck.success)
    return problemResponse('invalid-query', `deck: ${deck.error.issues[0]?.message ?? 'invalid'}`)
  const result = await exportDeckForAnki(db, { learnerId, deckName: deck.data, nowMs })
  if (result.kind === 'deck-not-found')
    return problemResponse('not-found', `You have no deck named "${deck.data}".`)
  return new Response(Buffer.from(result.bytes), {
    headers: {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="${result.fileName}"; filename*=UTF-8''${encodeURIComponent(`${result.deckName}.apkg`)}`,
      'cache-control': 'no-store',
    },
  })
})
