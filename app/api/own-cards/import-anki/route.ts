// POST /api/own-cards/import-anki (multipart/form-data, field `file`: an .apkg,
// .colpkg or Anki text export) → 200 { decks: [{ name, cards }], cards, reviews,
// media, skipped: [{ noteId, reason }] }. A file Drill cannot take → 400 (a broken
// or foreign file) or 422 (over a limit) problem+json naming the file and the reason,
// and nothing stored; over 100 MB → 413. Same origin (403) and the Anki import limit
// (429) first, by route(); the multipart body is no JSON, so route() reads none and
// receiveAnkiUpload streams it to a temp file itself. Not behind proxy.ts (see proxy.ts).
import { importAnkiFile } from '@/lib/anki/import'
import { ANKI_LIMITS } from '@/lib/anki/limits'
import { receiveAnkiUpload } from '@/lib/anki/upload'
import { uploadLearnerId } from '@/lib/anki/upload-learner'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { ensureLearner } from '@/lib/learner'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

// study.none: the learner comes with the upload (uploadLearnerId), not only from the cookie.
export const POST = route(
  { sameOrigin: true, limit: { name: 'ankiImport' }, study: study.none },
  async ({ request, db, nowMs }) => {
    const upload = await receiveAnkiUpload(request, { maxBytes: ANKI_LIMITS.uploadBytes })
    if (!upload.ok) return upload.response
    try {
      const learnerId = await uploadLearnerId(request)
      const result = await importAnkiFile(db, {
        learnerId,
        filePath: upload.filePath,
        fileName: upload.fileName,
        nowMs,
        // Stored in the import's transaction: a refused file stores no learner either.
        beforeWrite: async () => {
          await ensureLearner(learnerId, nowMs)
        },
      })
      if (result.kind === 'refused')
        return problemResponse(
          result.error.kind === 'over-limit' ? 'anki-file-over-limit' : 'invalid-anki-file',
          `${result.error.message}. Nothing was imported.`,
          { extra: { file: result.error.file, reason: result.error.reason } },
        )
      return Response.json(result.summary, { headers: { 'cache-control': 'no-store' } })
    } finally {
      upload.cleanup()
    }
  },
)
