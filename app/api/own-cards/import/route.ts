// POST /api/own-cards/import with {"files":[{"name":"deck.md","text":"---\n…"}]}
// → 200 {"imported":{added,updated,unchanged}}. Any bad card in any file → 400
// problem+json naming file, card and field, and nothing written. Through the HTTP
// edge like every JSON route: same origin (403), the import limit (429), JSON (415),
// size (413), parseable (400).
import { z } from 'zod'
import { sqlite } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { readJsonBody } from '@/lib/http/body'
import { rateLimit, refuseCrossOrigin } from '@/lib/http/edge'
import { withProblems } from '@/lib/http/guard'
import { problemResponse } from '@/lib/http/problems'
import { currentLearnerId, ensureLearner } from '@/lib/learner'
import { importOwnCardFiles, MAX_CARD_IMPORT_BYTES } from '@/lib/own-cards/import'
import { describeIssue } from '@/lib/own-cards/markdown-file'

export const dynamic = 'force-dynamic'

const bodySchema = z.strictObject({
  files: z
    .array(z.strictObject({ name: z.string().min(1).max(255), text: z.string() }))
    .min(1, 'choose at least one file')
    .max(200),
})

/** The Markdown cap plus room for the JSON around it. */
const MAX_BODY_BYTES = Math.ceil(MAX_CARD_IMPORT_BYTES * 1.1)

export const POST = withProblems(async function handlePost(request: Request) {
  const refused = refuseCrossOrigin(request) ?? rateLimit('import', request)
  if (refused) return refused
  const json = await readJsonBody(request, MAX_BODY_BYTES)
  if (!json.ok) return json.response
  const body = bodySchema.safeParse(json.value)
  if (!body.success)
    return problemResponse(
      'invalid-card-import',
      body.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    )
  const learnerId = await currentLearnerId()
  const nowMs = await requestNowMs()
  ensureLearner(learnerId, nowMs)
  const result = importOwnCardFiles(sqlite(), learnerId, body.data.files, nowMs)
  if (result.kind === 'invalid')
    return problemResponse(
      'invalid-card-file',
      `Nothing was imported. ${result.issues.slice(0, 5).map(describeIssue).join('\n')}`,
      { extra: { issues: result.issues } },
    )
  return Response.json({ imported: result.summary })
})
