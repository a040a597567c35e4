'use client'
// The Import from Anki section on /settings: one file (.apkg, .colpkg or Anki's
// text export) sent to POST /api/own-cards/import-anki — the same contract curl
// uses — then one status line saying what came in, or why nothing did.
import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { Button } from '../ui/button'
import { type AnkiImportSummary, importSentence } from './import-summary'

type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'imported'; summary: AnkiImportSummary }
  | { kind: 'rejected'; detail: string }

export function AnkiImport() {
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const router = useRouter()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const file = form.get('file')
    if (!(file instanceof File) || (file.size === 0 && file.name === '')) {
      setStatus({ kind: 'rejected', detail: 'Choose an Anki package (.apkg, .colpkg) or text file first.' })
      return
    }
    setStatus({ kind: 'busy' })
    let response: Response
    try {
      response = await fetch('/api/own-cards/import-anki', { method: 'POST', body: form })
    } catch {
      setStatus({ kind: 'rejected', detail: 'The upload did not reach Drill. Try again.' })
      return
    }
    const body = (await response.json().catch(() => null)) as (AnkiImportSummary & { detail?: string }) | null
    if (response.ok && body && Array.isArray(body.decks)) {
      setStatus({ kind: 'imported', summary: body })
      router.refresh()
    } else setStatus({ kind: 'rejected', detail: body?.detail ?? `The server answered ${response.status}.` })
  }

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
        <Button type="submit" waitsForHydration disabled={status.kind === 'busy'}>
          Import from Anki
        </Button>
      </form>
      <div role="status" data-testid="anki-import-status">
        {status.kind === 'busy' && <p>Importing…</p>}
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
