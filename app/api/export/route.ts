// GET /api/export            → the learner's whole study state as JSON (a file to keep)
// GET /api/export?format=csv → the review log in the FSRS optimizer's CSV columns
import { utcIsoDate } from '@/lib/calendar'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { study } from '@/lib/study-context'
import { exportStudyState, reviewLogCsv } from '@/lib/transfer/export'

export const dynamic = 'force-dynamic'

export const GET = route({ study: study.read }, async ({ request, db, learnerId, nowMs }) => {
  const format = new URL(request.url).searchParams.get('format') ?? 'json'
  if (format !== 'json' && format !== 'csv')
    return problemResponse(
      'unsupported-export-format',
      `Ask for format=json or format=csv, not "${format.slice(0, 40)}".`,
    )
  const file = await exportStudyState(db, learnerId, nowMs)
  const date = utcIsoDate(nowMs)
  const headers = { 'cache-control': 'no-store' }
  if (format === 'csv')
    return new Response(reviewLogCsv(file), {
      headers: {
        ...headers,
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="drill-review-log-${date}.csv"`,
      },
    })
  return Response.json(file, {
    headers: { ...headers, 'content-disposition': `attachment; filename="drill-study-state-${date}.json"` },
  })
})
