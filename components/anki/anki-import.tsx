'use client'
// The Import from Anki section on /settings: one file (.apkg, .colpkg or Anki's
// text export) sent to POST /api/own-cards/import-anki — the same contract curl
// uses, its answer streamed — with a progress bar (the upload, then the notes
// imported), Cancel (nothing stored), then one status line saying what came in,
// or why nothing did.
import { useRouter } from 'next/navigation'
import { type FormEvent, useRef, useState } from 'react'
import { Button } from '../ui/button'
import { type AnkiImportSummary, importSentence } from './import-summary'
import { type ImportProgress, sendAnkiImport } from './send-import'

type Status =
  | { kind: 'idle' }
  | { kind: 'busy'; progress: ImportProgress | null }
  | { kind: 'imported'; summary: AnkiImportSummary }
  | { kind: 'rejected'; detail: string }
  | { kind: 'cancelled' }

const count = (n: number) => n.toLocaleString('en-US')
const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1)

/** The bar's label, and its value of max (none while the package is read: an indeterminate bar). */
function progressView(progress: ImportProgress | null): { label: string; value?: number; max: number } {
  if (progress === null || (progress.phase === 'uploading' && progress.total === 0))
    return { label: 'Uploading…', max: 1 }
  if (progress.phase === 'uploading')
    return {
      label: `Uploading: ${megabytes(progress.loaded)} of ${megabytes(progress.total)} MB`,
      value: progress.loaded,
      max: progress.total,
    }
  if (progress.phase === 'reading') return { label: 'Reading the package…', max: 1 }
  return {
    label: `Importing notes: ${count(progress.done)} of ${count(progress.total)}`,
    value: progress.done,
    max: Math.max(1, progress.total),
  }
}

export function AnkiImport() {
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const cancel = useRef<(() => void) | null>(null)
  const router = useRouter()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const file = form.get('file')
    if (!(file instanceof File) || (file.size === 0 && file.name === '')) {
      setStatus({ kind: 'rejected', detail: 'Choose an Anki package (.apkg, .colpkg) or text file first.' })
      return
    }
    setStatus({ kind: 'busy', progress: null })
    const sent = sendAnkiImport(form, (progress) => setStatus({ kind: 'busy', progress }))
    cancel.current = sent.cancel
    const outcome = await sent.outcome
    cancel.current = null
    setStatus(outcome)
    if (outcome.kind === 'imported') router.refresh()
  }

  const bar = status.kind === 'busy' ? progressView(status.progress) : null

  return (
    <section aria-labelledby="anki-import-title" className="max-w-xl space-y-4" data-testid="anki-import">
      <h2 id="anki-import-title" className="text-xl font-semibold">
        Import from Anki
      </h2>
      <p className="text-zinc-700 dark:text-zinc-300">
        A deck or collection exported from Anki (<code>.apkg</code>, <code>.colpkg</code>) or its text export
        (<code>.txt</code>), up to 100 MB. Each Anki deck becomes one of your decks, with its review history;
        cards without points are answered with Show answer and the four grades. Importing the same file again
        changes nothing.
      </p>
      <form
        onSubmit={onSubmit}
        action="/api/own-cards/import-anki"
        method="post"
        encType="multipart/form-data"
        className="space-y-2"
      >
        <label htmlFor="anki-file" className="block font-medium">
          Anki package or text file
        </label>
        <input id="anki-file" name="file" type="file" accept=".apkg,.colpkg,.txt" className="block text-sm" />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" waitsForHydration disabled={status.kind === 'busy'}>
            Import from Anki
          </Button>
          {status.kind === 'busy' && (
            <Button type="button" onClick={() => cancel.current?.()}>
              Cancel import
            </Button>
          )}
        </div>
      </form>
      {bar && (
        <div className="space-y-1" data-testid="anki-import-progress">
          <label htmlFor="anki-import-bar" className="block text-sm font-medium">
            {bar.label}
          </label>
          <progress id="anki-import-bar" className="w-full max-w-md" max={bar.max} value={bar.value} />
        </div>
      )}
      <div role="status" data-testid="anki-import-status">
        {status.kind === 'busy' && <p>Importing…</p>}
        {status.kind === 'cancelled' && <p>Import cancelled. Nothing was imported.</p>}
        {status.kind === 'imported' && (
          <>
            <p>{importSentence(status.summary)}</p>
            {status.summary.skipped.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-sm">
                {status.summary.skipped.slice(0, 20).map((note) => (
                  <li key={`${note.noteId}-${note.reason}`}>
                    Note {note.noteId}: {note.reason}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        {status.kind === 'rejected' && <p>{status.detail}</p>}
      </div>
    </section>
  )
}
