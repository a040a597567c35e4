// GET /api/own-cards/export-anki?deck=<name> → the learner's own deck as an .apkg, or
// ?topic=<deck id> → a built-in topic deck (lib/content/decks.ts) with the learner's history,
// (legacy collection.anki2 layout, which every Anki imports): one Basic note per
// card, stable guids, and the review history with each card's due day and interval.
// No such deck → 404 problem.
import { z } from 'zod'
import type { Db } from '@/db/sql/db'
import { type AnkiExportResult, exportDeckForAnki, exportTopicForAnki } from '@/lib/anki/export'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

const deckSchema = z.string().trim().min(1, 'name the deck: ?deck=<name>').max(200, 'at most 200 characters')

export const GET = route({ study: study.read }, async ({ request, db, learnerId, nowMs }) => {
  const query = new URL(request.url).searchParams
  const topic = query.get('topic')
  if (topic !== null) return topicExport(db, { learnerId, deckId: topic, nowMs })
  const deck = deckSchema.safeParse(query.get('deck') ?? '')
  if (!deck.success)
    return problemResponse('invalid-query', `deck: ${deck.error.issues[0]?.message ?? 'invalid'}`)
  const result = await exportDeckForAnki(db, { learnerId, deckName: deck.data, nowMs })
  if (result.kind === 'deck-not-found')
    return problemResponse('not-found', `You have no deck named "${deck.data}".`)
  return apkgResponse(result)
})

async function topicExport(
  db: Db,
  scope: { learnerId: string; deckId: string; nowMs: number },
): Promise<Response> {
  const result = await exportTopicForAnki(db, scope)
  if (result.kind === 'deck-not-found')
    return problemResponse('not-found', `No built-in topic deck has the id "${scope.deckId.slice(0, 100)}".`)
  return apkgResponse(result)
}

function apkgResponse(result: Extract<AnkiExportResult, { kind: 'exported' }>): Response {
  return new Response(Buffer.from(result.bytes), {
    headers: {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="${result.fileName}"; filename*=UTF-8''${encodeURIComponent(`${result.deckName}.apkg`)}`,
      'cache-control': 'no-store',
    },
  })
}
