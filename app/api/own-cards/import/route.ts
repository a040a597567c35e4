// POST /api/own-cards/import with {"files":[{"name":"deck.md","text":"---\n…"}]}
// → 200 {"imported":{added,updated,unchanged}}. Any bad card in any file → 400
// problem+json naming file, card and field, and nothing written.
import { z } from 'zod'
import { sqlite } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { currentLearnerId, ensureLearner } from '@/lib/learner'
import { importOwnCardFiles, MAX_CARD_IMPORT_BYTES } from '@/lib/own-cards/import'
import { describeIssue } from '@/lib/own-cards/markdown-file'
import { problem, problemResponse } from '@/lib/problem'

export const dynamic = 'force-dynamic'

const bodySchema = z.strictObject({
  files: z
    .array(z.strictObject({ name: z.string().min(1).max(255), text: z.string() }))
    .min(1, 'choose at least one file')
    .max(200),
})

export async function POST(request: Request) {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? ''))
    return problemResponse(
      problem(
        'unsupported-media-type',
        'Send JSON',
        415,
        'POST {"files":[{"name","text"}]} as application/json.',
      ),
    )
  const text = await request.text()
  if (text.length > MAX_CARD_IMPORT_BYTES * 1.1)
    return problemResponse(
      problem('import-too-large', 'Import too large', 413, 'Card imports are limited to 1 MB of Markdown.'),
    )
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return problemResponse(
      problem('invalid-json', 'Invalid JSON', 400, 'The request body is not valid JSON.'),
    )
  }
  const body = bodySchema.safeParse(json)
  if (!body.success)
    return problemResponse(
      problem(
        'invalid-card-import',
        'Invalid card import',
        400,
        body.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
      ),
    )
  const learnerId = await currentLearnerId()
  const nowMs = await requestNowMs()
  ensureLearner(learnerId, nowMs)
  const result = importOwnCardFiles(sqlite(), learnerId, body.data.files, nowMs)
  if (result.kind === 'invalid')
    return problemResponse(
      problem(
        'invalid-card-file',
        'Card file refused',
        400,
        `Nothing was imported. ${result.issues.slice(0, 5).map(describeIssue).join('\n')}`,
        { issues: result.issues },
      ),
    )
  return Response.json({ imported: result.summary })
}
