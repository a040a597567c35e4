'use client'
// Export and import on /settings. Downloads are plain links to GET /api/export;
// the import reads the chosen file in the browser and POSTs it to /api/import
// (the same contract curl uses), then says what was merged or why nothing was.
import { useRouter } from 'next/navigation'
import { type FormEvent, useId, useState } from 'react'
import type { MergeSummary } from '@/lib/transfer/merge'
import { Button, buttonClass } from '../ui/button'

type ImportStatus =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'imported'; summary: MergeSummary }
  | { kind: 'rejected'; detail: string; issues: { path: string; message: string }[] }

function describeSummary(summary: MergeSummary): string {
  const written = summary.cardStatesAdded + summary.cardStatesUpdated
  if (
    summary.reviewLogsAdded === 0 &&
    written === 0 &&
    !summary.settingsChanged &&
    summary.ownCardsAdded + summary.ownCardsUpdated === 0 &&
    !summary.taughtPhrasesAdded
  ) {
    const n = summary.reviewLogsAlreadyThere
    return `Nothing new: ${n === 1 ? 'the one review' : `all ${n} reviews`} in this file ${n === 1 ? 'is' : 'are'} already here, so nothing changed.`
  }
  return `Imported: ${[
    `${summary.reviewLogsAdded} review${summary.reviewLogsAdded === 1 ? '' : 's'} added`,
    `${summary.reviewLogsAlreadyThere} already here`,
    `${written} card state${written === 1 ? '' : 's'} written`,
    summary.settingsChanged ? 'settings replaced' : 'settings unchanged',
    `${summary.ownCardsAdded + summary.ownCardsUpdated} own card${summary.ownCardsAdded + summary.ownCardsUpdated === 1 ? '' : 's'} written`,
    ...(summary.taughtPhrasesAdded
      ? [`${summary.taughtPhrasesAdded} taught phrase${summary.taughtPhrasesAdded === 1 ? '' : 's'} added`]
      : []),
  ].join(', ')}.`
}

async function postImport(text: string): Promise<ImportStatus> {
  const response = await fetch('/api/import', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: text,
  })
  const body = (await response.json().catch(() => null)) as {
    imported?: MergeSummary
    detail?: string
    issues?: { path: string; message: string }[]
  } | null
  if (response.ok && body?.imported) return { kind: 'imported', summary: body.imported }
  return {
    kind: 'rejected',
    detail: body?.detail ?? `The server answered ${response.status}. Nothing was imported.`,
    issues: body?.issues ?? [],
  }
}

export function DataTransfer() {
  const [status, setStatus] = useState<ImportStatus>({ kind: 'idle' })
  const router = useRouter()
  const fileId = useId()
  const hintId = useId()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const file = new FormData(event.currentTarget).get('file')
    if (!(file instanceof File) || file.size === 0) {
      setStatus({ kind: 'rejected', detail: 'Choose an export file first.', issues: [] })
      return
    }
    setStatus({ kind: 'busy' })
    try {
      const text = await file.text()
      // A file that is not even JSON (cut short, wrong file) is answered here, without a round trip;
      // the server still checks everything else.
      try {
        JSON.parse(text)
      } catch {
        setStatus({
          kind: 'rejected',
          detail: 'This file is not valid JSON; it may be cut short. Nothing was imported.',
          issues: [],
        })
        return
      }
      const result = await postImport(text)
      setStatus(result)
      // Imported settings and states show on this page (and the others) without a reload.
      if (result.kind === 'imported') router.refresh()
    } catch {
      setStatus({
        kind: 'rejected',
        detail: 'The upload failed (network). Nothing was imported.',
        issues: [],
      })
    }
  }

  return (
    <section
      aria-labelledby="data-transfer-title"
      className="max-w-2xl space-y-6"
      data-testid="data-transfer"
    >
      <h2 id="data-transfer-title" className="text-xl font-semibold">
        Your data
      </h2>
      <div className="space-y-2">
        <p className="text-zinc-700 dark:text-zinc-300">
          Keep a copy of your study state, or feed your review log to the FSRS optimizer.
        </p>
        <div className="flex flex-wrap gap-3">
          <a href="/api/export" download className={buttonClass()}>
            Download JSON
          </a>
          <a href="/api/export?format=csv" download className={buttonClass()}>
            Download CSV
          </a>
        </div>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          JSON: settings, card states and every review. CSV: one row per review with the columns card_id,
          review_time, review_rating, review_state, review_duration (times and durations in milliseconds).
        </p>
      </div>

      <form onSubmit={onSubmit} className="space-y-3" aria-describedby={hintId}>
        <h3 className="font-semibold">Import</h3>
        <p id={hintId} className="text-sm text-zinc-600 dark:text-zinc-400">
          Merges a Drill JSON export into this browser’s study state. Reviews already here are skipped, so
          importing the same file twice changes nothing. A damaged file is rejected whole.
        </p>
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium">
            Export file (JSON)
          </label>
          <input
            id={fileId}
            name="file"
            type="file"
            accept="application/json,.json"
            className="mt-1 block text-sm text-zinc-700 file:mr-3 file:rounded-md file:border-0 file:bg-zinc-200 file:px-3 file:py-2 file:text-zinc-900 dark:text-zinc-300 dark:file:bg-zinc-800 dark:file:text-zinc-100"
          />
        </div>
        <Button
          type="submit"
          variant="primary"
          size="md"
          // The import is sent by client JS (a native submit would lose the file): disabled until hydrated.
          waitsForHydration
          disabled={status.kind === 'busy'}
        >
          Import
        </Button>
        <div role="status" aria-live="polite" data-testid="import-status" className="text-sm">
          {status.kind === 'busy' && <p>Importing…</p>}
          {status.kind === 'imported' && (
            <p className="text-emerald-800 dark:text-emerald-300">{describeSummary(status.summary)}</p>
          )}
          {status.kind === 'rejected' && (
            <div className="text-red-800 dark:text-red-300">
              <p>{status.detail}</p>
              {status.issues.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {status.issues.map((issue) => (
                    <li key={`${issue.path}:${issue.message}`}>
                      <code>{issue.path}</code>: {issue.message}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      </form>
    </section>
  )
}
