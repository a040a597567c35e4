// POST /api/import with an export file (JSON) → merged into this learner's study
// state in one transaction, idempotently. A bad or truncated file → 400 and
// nothing written.
import { sqlite } from '@/db/client'
import { currentLearnerId } from '@/lib/learner'
import { problem, problemResponse } from '@/lib/problem'
import { importStudyState, MAX_IMPORT_BYTES } from '@/lib/transfer/import'

export const dynamic = 'force-dynamic'

const tooLarge = () =>
  problemResponse(
    problem(
      'import-too-large',
      'Import file too large',
      413,
      `Import files are limited to ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
    ),
  )

export async function POST(request: Request) {
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^application\/json\b/i.test(contentType))
    return problemResponse(
      problem(
        'unsupported-media-type',
        'Send JSON',
        415,
        'POST the export file with content-type: application/json.',
      ),
    )
  if (Number(request.headers.get('content-length') ?? 0) > MAX_IMPORT_BYTES) return tooLarge()
  const text = await request.text()
  if (text.length > MAX_IMPORT_BYTES) return tooLarge()

  const learnerId = await currentLearnerId()
  const result = importStudyState(sqlite(), learnerId, text)
  if (result.kind === 'invalid')
    return problemResponse(
      problem('invalid-import', result.title, 400, result.detail, { issues: result.issues }),
    )
  return Response.json({ imported: result.summary })
}
