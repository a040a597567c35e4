'use client'
// Import and export of the learner's own cards on /settings. Export is a plain
// link; the import reads the chosen Markdown files in the browser and POSTs them
// to /api/own-cards/import (the same contract curl uses), then says what happened.
import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { type CardFileIssue, describeIssueForPage } from '@/lib/own-cards/errors'
import { Button, buttonClass } from '../ui/button'

type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'imported'; added: number; updated: number; unchanged: number }
  | { kind: 'rejected'; detail: string; issues: CardFileIssue[] }

export function OwnCardsTransfer({ cardCount }: { cardCount: number }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const router = useRouter()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const chosen = new FormData(event.currentTarget)
      .getAll('files')
      .filter((f): f is File => f instanceof File)
    const files = chosen.filter((file) => file.size > 0 || file.name !== '')
    if (files.length === 0) {
      setStatus({ kind: 'rejected', detail: 'Choose one or more Markdown files first.', issues: [] })
      return
    }
    setStatus({ kind: 'busy' })
    const payload = {
      files: await Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() }))),
    }
    const response = await fetch('/api/own-cards/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })
    const body = (await response.json().catch(() => null)) as {
      imported?: { added: number; updated: number; unchanged: number }
      detail?: string
      issues?: CardFileIssue[]
    } | null
    if (response.ok && body?.imported) {
      setStatus({ kind: 'imported', ...body.imported })
      router.refresh()
    } else
      setStatus({
        kind: 'rejected',
        detail: body?.issues
          ? 'Nothing was imported:'
          : (body?.detail ?? `The server answered ${response.status}.`),
        issues: body?.issues ?? [],
      })
  }

  return (
    <section aria-labelledby="own-cards-transfer-title" className="max-w-xl space-y-4">
      <h2 id="own-cards-transfer-title" className="text-xl font-semibold">
        Your cards as Markdown
      </h2>
      <p className="text-zinc-700 dark:text-zinc-300">
        The same format as the built-in cards: front matter with the title, deck, prompt and points, then the
        model answer. Several cards may share a file, separated by a line <code>&lt;!-- card --&gt;</code>.
        Importing a card again updates it by its id; the same file twice changes nothing.
      </p>
      <p>
        <a href="/api/own-cards/export" className={buttonClass()} download>
          Export your cards (Markdown)
        </a>{' '}
        <span className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="own-card-count">
          {cardCount} {cardCount === 1 ? 'card' : 'cards'}
        </span>
      </p>
      <form onSubmit={onSubmit} className="space-y-2">
        <label htmlFor="card-files" className="block font-medium">
          Card files to import
        </label>
        <input
          id="card-files"
          name="files"
          type="file"
          multiple
          accept=".md,.markdown,text/markdown"
          className="block text-sm"
        />
        {/* Sent by client JS (a native submit would lose the files): disabled until hydrated. */}
        <Button type="submit" waitsForHydration disabled={status.kind === 'busy'}>
          Import cards
        </Button>
      </form>
      <div role="status" data-testid="card-import-status">
        {status.kind === 'imported' &&
          `Imported: ${status.added} added, ${status.updated} updated, ${status.unchanged} unchanged.`}
        {status.kind === 'rejected' && (
          <>
            <p>{status.detail}</p>
            {status.issues.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-sm">
                {status.issues.slice(0, 20).map((issue) => (
                  <li key={`${issue.file}-${issue.card}-${issue.field}`}>{describeIssueForPage(issue)}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  )
}
