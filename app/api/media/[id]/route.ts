// GET /api/media/<id> → one of the learner's imported images, same-origin, with the
// app's security headers (next.config.ts: nosniff and a CSP that allows nothing).
// The type is the one its bytes proved at import. Another learner's image → 404.
import { mediaQueries } from '@/db/queries/media'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

const MEDIA_ID = /^[a-z0-9-]{1,64}$/

export const GET = route(
  { study: study.read },
  async ({ db, learnerId }, context: { params: Promise<{ id: string }> }) => {
    const { id } = await context.params
    const found = MEDIA_ID.test(id)
      ? await mediaQueries(db).getMediaBytesByLearnerAndId({ learnerId, mediaId: id })
      : undefined
    if (!found) return problemResponse('not-found', 'No such image.')
    return new Response(new Uint8Array(found.bytes), {
      headers: {
        'content-type': found.mimeType,
        'content-disposition': 'inline',
        // Per learner, and never changing under one id (the id is its content's hash).
        'cache-control': 'private, max-age=86400, immutable',
      },
    })
  },
)
