// GET /api/own-cards/export → the learner's own cards as one Markdown file in the
// content/cards format (cards separated by `<!-- card -->` lines).
import { studyDb } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { route } from '@/lib/http/route'
import { currentLearnerId } from '@/lib/learner'
import { ownCardsOf } from '@/lib/own-cards/import'
import { cardsToMarkdown } from '@/lib/own-cards/markdown-file'

export const dynamic = 'force-dynamic'

export const GET = route({}, async () => {
  const learnerId = await currentLearnerId()
  const date = new Date(await requestNowMs()).toISOString().slice(0, 10)
  return new Response(cardsToMarkdown(await ownCardsOf(studyDb(), learnerId)), {
    headers: {
      'content-type': 'text/markdown; charset=utf-8',
      'content-disposition': `attachment; filename="drill-own-cards-${date}.md"`,
      'cache-control': 'no-store',
    },
  })
})
