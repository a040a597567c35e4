'use client'
// Share: the run's URL (the whole scenario is in it). Export: the trace as JSON and as a
// Mermaid sequenceDiagram, rendered by the export route from the same URL state.
import { useEffect, useId, useState } from 'react'
import { Button, buttonClass } from '../ui/button'
import { inputClass } from '../ui/input-class'

export function ShareExport({ share, scenarioId }: { share: string; scenarioId: string }) {
  const [origin, setOrigin] = useState('')
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
          className={`w-full min-w-0 font-mono ${inputClass('xs')}`}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <Button waitsForHydration onClick={copy}>
        Copy link
      </Button>
      <span aria-live="polite" className="text-sm">
        {copied === 'copied'
          ? 'Copied.'
          : copied === 'failed'
            ? 'Copy failed: select the link and copy it.'
            : ''}
      </span>
      <a className={buttonClass()} href={exportHref('json')} download={`${scenarioId}.trace.json`}>
        Export JSON
      </a>
      <a className={buttonClass()} href={exportHref('mermaid')} download={`${scenarioId}.mmd`}>
        Export Mermaid
      </a>
    </div>
  )
}
