'use client'
// Share: the run's URL (the whole scenario is in it). Export: the trace as JSON and as a
// Mermaid sequenceDiagram, rendered by the export route from the same URL state.
import { useEffect, useId, useState } from 'react'
import { useHydrated } from '@/components/use-hydrated'
import { buttonClass } from '../ui/fields'

export function ShareExport({ share, scenarioId }: { share: string; scenarioId: string }) {
  const [origin, setOrigin] = useState('')
  const hydrated = useHydrated()
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  const id = useId()
  useEffect(() => setOrigin(window.location.origin), [])
  const path = `/sandbox?s=${share}`
  const exportHref = (format: 'json' | 'mermaid') => `/api/sandbox/export?format=${format}&s=${share}`

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(origin + path)
      setCopied('copied')
    } catch {
      setCopied('failed')
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-3 rounded border border-zinc-300 p-3 dark:border-zinc-700">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={`${id}-link`} className="text-sm font-semibold">
          Share this run (schedule, seed and config are in the link)
        </label>
        <input
          id={`${id}-link`}
          readOnly
          value={origin + path}
          className="w-full min-w-0 rounded border border-zinc-400 bg-white px-2 py-1 font-mono text-xs text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100"
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <button type="button" className={buttonClass} onClick={copy} disabled={!hydrated}>
        Copy link
      </button>
      <span aria-live="polite" className="text-sm">
        {copied === 'copied'
          ? 'Copied.'
          : copied === 'failed'
            ? 'Copy failed: select the link and copy it.'
            : ''}
      </span>
      <a className={buttonClass} href={exportHref('json')} download={`${scenarioId}.trace.json`}>
        Export JSON
      </a>
      <a className={buttonClass} href={exportHref('mermaid')} download={`${scenarioId}.mmd`}>
        Export Mermaid
      </a>
    </div>
  )
}
