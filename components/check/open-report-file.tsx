'use client'
// The one client island of /check: the "Open a report" file input. The file is read in the
// browser (File.text(), after the size check) and never leaves it: no request, no storage.
import { type ChangeEvent, lazy, Suspense, useId, useRef, useState } from 'react'
import type { Opened } from '@/lib/check-server/open-report'
import { ReadyInput } from '../ready-controls'

// Reading and drawing a report is code the page needs only once a file is chosen: it loads then
// (with the file's read), so the page hydrates the file input alone.
const loadReportView = () => import('./report-view')
const ReportView = lazy(() => loadReportView().then((module) => ({ default: module.ReportView })))

type Shown = { kind: 'none' } | { kind: 'reading' } | (Opened & { kind: 'opened'; fileName: string })

export function OpenReportFile() {
  const inputId = useId()
  const [shown, setShown] = useState<Shown>({ kind: 'none' })
  // The latest choice wins: a slow read of an earlier file is dropped when it lands.
  const choice = useRef(0)

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    const mine = ++choice.current
    if (!file) return setShown({ kind: 'none' })
    setShown({ kind: 'reading' })
    const opened: Opened = await Promise.all([
      import('@/lib/check-server/open-report'),
      loadReportView(),
    ]).then(
      ([{ openReport }]) => openReport(file),
      () => ({
        ok: false,
        sentence: 'The report viewer did not load (no connection?); choose the file again.',
      }),
    )
    if (mine === choice.current) setShown({ ...opened, kind: 'opened', fileName: file.name })
  }

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={inputId} className="block font-medium">
          Open a report
        </label>
        <ReadyInput
          id={inputId}
          type="file"
          accept="application/json,.json"
          aria-describedby={`${inputId}-hint`}
          onChange={onChange}
          className="mt-1 block text-sm text-zinc-700 file:mr-3 file:rounded-md file:border-0 file:bg-zinc-200 file:px-3 file:py-2 file:text-zinc-900 disabled:opacity-60 dark:text-zinc-300 dark:file:bg-zinc-800 dark:file:text-zinc-100"
        />
        <p id={`${inputId}-hint`} className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
          The JSON file <code>--json</code> wrote. It is read here in your browser: nothing is uploaded or
          stored.
        </p>
      </div>
      <p role="status" aria-live="polite" data-testid="report-status" className="text-sm">
        {shown.kind === 'reading' && 'Reading the report…'}
        {shown.kind === 'opened' && !shown.ok && (
          <span className="text-red-800 dark:text-red-300">{shown.sentence}</span>
        )}
      </p>
      {shown.kind === 'opened' && shown.ok && (
        <Suspense fallback={null}>
          <ReportView report={shown.report} fileName={shown.fileName} />
        </Suspense>
      )}
    </div>
  )
}
