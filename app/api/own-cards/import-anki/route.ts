// POST /api/own-cards/import-anki (multipart/form-data, field `file`: an .apkg,
// .colpkg or Anki text export) → 200 { decks: [{ name, cards }], cards, reviews,
// media, skipped: [{ noteId, reason }] }. With `Accept: application/x-ndjson` the
// answer streams: {"type":"progress","phase":"reading"}, then {"type":"progress",
// "phase":"writing","done","total"} per chunk of notes, then {"type":"result",…the
// body} or {"type":"problem","problem":{…}}; closing the stream cancels the import,
// which then stores nothing (lib/http/ndjson.ts). A file Drill cannot take → 400 (a broken
// or foreign file) or 422 (over a limit) problem+json naming the file and the reason,
// and nothing stored; over 100 MB → 413. Same origin (403) and the Anki import limit
// (429) first, by route(); the multipart body is no JSON, so route() reads none and
// receiveAnkiUpload streams it to a temp file itself. Not behind proxy.ts (see proxy.ts).
import { type AnkiImportRequest, type AnkiImportResult, importAnkiFile } from '@/lib/anki/import'
import { ANKI_LIMITS } from '@/lib/anki/limits'
import { receiveAnkiUpload } from '@/lib/anki/upload'
import { uploadLearnerId } from '@/lib/anki/upload-learner'
import { ndjsonResponse, wantsNdjson } from '@/lib/http/ndjson'
import { problemOf, problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { ensureLearner } from '@/lib/learner'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

/** A refusal or a cancel as the problem it is (a cancel only reaches a client that did not leave). */
function problemOfImport(result: Exclude<AnkiImportResult, { kind: 'imported' }>) {
  if (result.kind === 'cancelled')
    return {
      code: 'anki-import-cancelled' as const,
      detail: 'The import was cancelled. Nothing was imported.',
    }
  return {
    code:
      result.error.kind === 'over-limit' ? ('anki-file-over-limit' as const) : ('invalid-anki-file' as const),
    detail: `${result.error.message}. Nothing was imported.`,
    extra: { file: result.error.file, reason: result.error.reason } as Record<string, unknown> | undefined,
  }
}

function answerOf(result: AnkiImportResult): Response {
  if (result.kind === 'imported')
    return Response.json(result.summary, { headers: { 'cache-control': 'no-store' } })
  const { code, detail, extra } = problemOfImport(result)
  return problemResponse(code, detail, { extra })
}

// study.none: the learner comes with the upload (uploadLearnerId), not only from the cookie.
export const POST = route(
  { sameOrigin: true, limit: { name: 'ankiImport' }, study: study.none },
  async ({ request, db, nowMs }) => {
    const upload = await receiveAnkiUpload(request, { maxBytes: ANKI_LIMITS.uploadBytes })
    if (!upload.ok) return upload.response
    const learnerId = await uploadLearnerId(request).catch((error: unknown) => {
      upload.cleanup()
      throw error
    })
    const run = (hooks: Pick<AnkiImportRequest, 'onProgress' | 'signal'>) =>
      importAnkiFile(db, {
        learnerId,
        filePath: upload.filePath,
        fileName: upload.fileName,
        nowMs,
        // Stored in the import's transaction: a refused file stores no learner either.
        beforeWrite: async () => {
          await ensureLearner(learnerId, nowMs)
        },
        ...hooks,
      }).finally(upload.cleanup)
    if (!wantsNdjson(request)) return answerOf(await run({ signal: request.signal }))
    return ndjsonResponse(request, async ({ signal, send }) => {
      const result = await run({ signal, onProgress: (progress) => send({ type: 'progress', ...progress }) })
      if (result.kind === 'imported') return { type: 'result', ...result.summary }
      const { code, detail, extra } = problemOfImport(result)
      return { type: 'problem', problem: problemOf(code, detail, extra) }
    })
  },
)
