// /check: the contract `npm run check:server` holds a learner's own server to, and a viewer for
// the report it writes (read in the browser; nothing is uploaded or stored).
import type { Metadata } from 'next'
import { CheckContract } from '@/components/check/contract'
import { OpenReportFile } from '@/components/check/open-report-file'

export const metadata: Metadata = { title: 'Check your own server' }

export default function CheckPage() {
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">Check your own server</h1>
        <p className="max-w-3xl text-zinc-700 dark:text-zinc-300">
          Built the payment endpoint yourself? Drill points the sandbox’s faults at it — a lost response, ten
          duplicates at once, a provider timeout, a crash after the charge — and says which request went
          wrong.
        </p>
      </header>
      <CheckContract />
      <section aria-labelledby="open-title" className="space-y-3">
        <h2 id="open-title" className="text-xl font-semibold">
          Read a report
        </h2>
        <OpenReportFile />
      </section>
    </div>
  )
}
