// An opened check:server report: a summary, then one list item per check with its verdict,
// violation, the engine's invariant it breaks, and reason, and each failure's timeline. The report is untrusted input: nothing
// here sets HTML; every string is a React text node.
import type { CheckResult, Report } from '@/lib/check-server/types'
import { CheckTimeline } from './check-timeline'

const verdictLook: Record<CheckResult['verdict'], string> = {
  pass: 'border-emerald-700 bg-emerald-50 text-emerald-900 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-100',
  fail: 'border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100',
  skipped:
    'border-zinc-500 bg-zinc-100 text-zinc-800 dark:border-zinc-400 dark:bg-zinc-800 dark:text-zinc-100',
}

const count = (report: Report, verdict: CheckResult['verdict']) =>
  report.checks.filter((c) => c.verdict === verdict).length

export function ReportView({ report, fileName }: { report: Report; fileName: string }) {
  const failed = count(report, 'fail')
  return (
    <section aria-labelledby="report-title" className="space-y-4" data-testid="check-report">
      <div className="space-y-1">
        <h2 id="report-title" className="text-xl font-semibold break-all">
          Report for {report.target}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300 break-all">
          From {fileName}, seed {report.seed}: {failed} failed, {count(report, 'pass')} passed,{' '}
          {count(report, 'skipped')} skipped.
          {failed > 0 && <> The same seed (--seed {report.seed}) replays the same schedule.</>}
        </p>
      </div>
      <ol aria-label="Checks" className="space-y-4">
        {report.checks.map((check, i) => (
          <li
            // A report may name a check twice; its place in the list is what is unique.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            key={i}
            data-testid="check-result"
            data-check={check.id}
            data-verdict={check.verdict}
            className="space-y-2 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <h3 className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <span
                className={`rounded border px-2 py-0.5 text-xs font-bold uppercase ${verdictLook[check.verdict]}`}
              >
                {check.verdict}
              </span>
              <code className="font-semibold">{check.id}</code>
              {check.violation !== null && <span className="break-all text-sm">— {check.violation}</span>}
              {check.invariant !== null && (
                <span data-testid="check-invariant" className="text-sm text-zinc-700 dark:text-zinc-300">
                  ({check.invariant} {check.invariantName})
                </span>
              )}
            </h3>
            <p className="break-all text-sm">{check.reason}</p>
            {check.verdict === 'fail' && <CheckTimeline check={check} seed={report.seed} />}
          </li>
        ))}
      </ol>
    </section>
  )
}
