// POST /api/import with an export file (JSON) → merged into this learner's study
// state in one transaction, idempotently. Over the size limit → 413 (checked end to
// end: next.config raises the proxy's body buffer above it); a bad or truncated
// file → 400 and nothing written. Importing is a first write: it stores the learner.
import { allCards } from '@/lib/content/cards'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { ensureLearner } from '@/lib/learner'
import { bringDuesIntoFinalWindow } from '@/lib/plan/save-interview'
import { settingsForLearner } from '@/lib/review'
import { study } from '@/lib/study-context'
import { importStudyState, MAX_IMPORT_BYTES } from '@/lib/transfer/import'

export const dynamic = 'force-dynamic'

export const POST = route(
  { sameOrigin: true, limit: { name: 'import' }, body: { text: MAX_IMPORT_BYTES }, study: study.read },
  async ({ body, db, learnerId, nowMs }) => {
    const known = new Set(allCards().map((card) => card.id))
    const result = await importStudyState(db, learnerId, body, known, () => ensureLearner(learnerId, nowMs))
    if (result.kind === 'invalid')
      return problemResponse('invalid-import', result.detail, {
        title: result.title,
        extra: { issues: result.issues },
      })
    // Imported states (or an imported date) follow the interview plan like the ones already here.
    await bringDuesIntoFinalWindow(db, {
      learnerId,
      settings: await settingsForLearner(db, learnerId),
      nowMs,
    })
    return Response.json({ imported: result.summary, unknownCardIds: result.unknownCardIds ?? [] })
  },
)
