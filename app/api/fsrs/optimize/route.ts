// POST /api/fsrs/optimize — train FSRS parameters on this learner's review history
// (fsrs-rs in a worker thread), score the current and the new ones on the same items,
// keep the new ones only when they fit better:
//   → 200 { items, before: { logLoss, rmseBins }, after: { logLoss, rmseBins }, kept: "new" | "old", parameters }
// With `Accept: application/x-ndjson` the answer streams: {"type":"progress","current","total"} lines,
// then {"type":"result",…the body} or {"type":"problem","problem":{…}}; closing the stream cancels the run.
// An optional body must be an empty JSON object. 400/403/415/422/503 problem+json; parameters unchanged.
import { z } from 'zod'
import { API_BODY_BYTES, readJsonBody } from '@/lib/http/body'
import { ndjsonResponse, wantsNdjson } from '@/lib/http/ndjson'
import { problemOf, problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { ensureLearner } from '@/lib/learner'
import { prepareTraining, trainAndKeep } from '@/lib/plan/optimizer/optimize'
import { study } from '@/lib/study-context'
import { optimizeBody, optimizeProblem, optimizeProblemResponse } from './responses'

export const dynamic = 'force-dynamic'

const optimizeRequestSchema = z.strictObject({})

function hasBody(request: Request): boolean {
  const length = request.headers.get('content-length')
  return (length !== null && length !== '0') || request.headers.has('transfer-encoding')
}

// The body is optional (route()'s body step would require one), so it is read here, with the same cap.
export const POST = route(
  { sameOrigin: true, study: study.read },
  async ({ request, db, learnerId, nowMs }) => {
    if (hasBody(request)) {
      const body = await readJsonBody(request, API_BODY_BYTES)
      if (!body.ok) return body.response
      const parsed = optimizeRequestSchema.safeParse(body.value)
      if (!parsed.success)
        return problemResponse(
          'invalid-optimize-request',
          'Send no body, or an empty JSON object: the optimizer trains on the review history stored for you (import a history on /settings first). Your parameters are unchanged.',
        )
    }
    const prepared = await prepareTraining({ db, learnerId })
    if (prepared.kind !== 'ready') return optimizeProblemResponse(prepared)
    const run = (options: { onProgress?: (current: number, total: number) => void; signal?: AbortSignal }) =>
      trainAndKeep(prepared, {
        db,
        learnerId,
        nowMs,
        beforeSave: () => ensureLearner(learnerId, nowMs),
        ...options,
      })

    if (!wantsNdjson(request)) {
      const result = await run({ signal: request.signal })
      return result.kind === 'optimized'
        ? Response.json(optimizeBody(result), { headers: { 'cache-control': 'no-store' } })
        : optimizeProblemResponse(result)
    }
    return ndjsonResponse(request, async ({ signal, send }) => {
      const result = await run({
        signal,
        onProgress: (current, total) => send({ type: 'progress', current, total }),
      })
      if (result.kind === 'optimized') return { type: 'result', ...optimizeBody(result) }
      const { code, detail, extra } = optimizeProblem(result)
      return { type: 'problem', problem: problemOf(code, detail, extra) }
    })
  },
)
