// GET /api/own-cards/export → the learner's own cards as one Markdown file in the
// content/cards format (cards separated by `<!-- card -->` lines).
import { utcIsoDate } from '@/lib/calendar'
import { route } from '@/lib/http/route'
import { ownCardsOf } from '@/lib/own-cards/import'
import { cardsToMarkdown } from '@/lib/own-cards/markdown-file'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

export const GET = route({ study: study.read }, async ({ db, learnerId, nowMs }) => {
  const date = utcIsoDate(nowMs)
  return new Response(cardsToMarkdown(await ownCardsOf(db, learnerId)), {
    headers: {
      'content-type': 'text/markdown; charset=utf-8',
      'content-disposition': `attachment; filename="drill-own-cards-${date}.md"`,
      'cache-control': 'no-store',
    },
  })
})
