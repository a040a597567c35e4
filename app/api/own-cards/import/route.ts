// POST /api/own-cards/import with {"files":[{"name":"deck.md","text":"---\n…"}]}
// → 200 {"imported":{added,updated,unchanged}}. Any bad card in any file → 400
// problem+json naming file, card and field, and nothing written. Through the route
// wrapper like every JSON route: same origin (403), the import limit (429), JSON (415),
// size (413), parseable (400), the body's shape (400).
import { z } from 'zod'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { importOwnCardFiles, MAX_CARD_IMPORT_BYTES } from '@/lib/own-cards/import'
import { describeIssue } from '@/lib/own-cards/markdown-file'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

const bodySchema = z.strictObject({
  files: z
    .array(z.strictObject({ name: z.string().min(1).max(255), text: z.string() }))
    .min(1, 'choose at least one file')
    .max(200),
})

/** The Markdown cap plus room for the JSON around it. */
const MAX_BODY_BYTES = Math.ceil(MAX_CARD_IMPORT_BYTES * 1.1)

export const POST = route(
  {
    sameOrigin: true,
    limit: { name: 'import' },
    body: { json: MAX_BODY_BYTES },
    schema: bodySchema,
    invalid: 'invalid-card-import',
    study: study.write,
  },
  async ({ body, db, learnerId, nowMs }) => {
    const result = await importOwnCardFiles(db, learnerId, body.files, nowMs)
    if (result.kind === 'invalid')
      return problemResponse(
        'invalid-card-file',
        `Nothing was imported. ${result.issues.slice(0, 5).map(describeIssue).join('\n')}`,
        { extra: { issues: result.issues } },
      )
    return Response.json({ imported: result.summary })
  },
)
