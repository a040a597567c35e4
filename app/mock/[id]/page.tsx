import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { MockReport } from '@/components/mock/mock-report'
import { mockQueries } from '@/db/queries/mocks'
import { formatInstant } from '@/lib/calendar'
import { gradedMockOf } from '@/lib/mock/stored-mock'
import { settingsForLearner } from '@/lib/review'
import { seeItFailHrefs } from '@/lib/sandbox/see-it-fail'
import { studyContext } from '@/lib/study-context'

export const metadata: Metadata = { title: 'Mock interview report' }
export const dynamic = 'force-dynamic'

export default async function MockReportPage({ params }: PageProps<'/mock/[id]'>) {
  const { id } = await params
  const { db, learnerId } = await studyContext()
  // Another learner's mock reads exactly as an unknown id: the 404 page.
  const record = id.length <= 100 ? await mockQueries(db).getMockById({ learnerId, id }) : undefined
  if (!record) notFound()
  const settings = await settingsForLearner(db, learnerId)
  return (
    <div className="space-y-4">
      <p>
        <Link href="/mock" className="underline underline-offset-2">
          All mock interviews
        </Link>
      </p>
      <MockReport
        mock={gradedMockOf(record)}
        hrefs={seeItFailHrefs()}
        when={`Finished ${formatInstant(record.createdAtMs, settings.timezone)}`}
      />
    </div>
  )
}
