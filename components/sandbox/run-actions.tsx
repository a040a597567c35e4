'use client'
// Run and Compare, and what they are doing: pending, failed, edited since, or the last outcome.
// Stays in reach while the builder scrolls; opaque, so nothing shows through it.
import { Button } from '../ui/button'
import type { SandboxBusy } from './use-sandbox-runs'

interface RunActionsProps {
  busy: SandboxBusy
  error: string | null
  dirty: boolean
  status: string | null
  onRun: () => void
  onCompare: () => void
}

export function RunActions({ busy, error, dirty, status, onRun, onCompare }: RunActionsProps) {
  return (
    <div
      data-sticky-actions
      className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-zinc-300 bg-zinc-50 px-1 py-2 shadow-[0_-4px_8px_-6px_rgb(0_0_0/0.25)] dark:border-zinc-700 dark:bg-zinc-950 dark:shadow-[0_-4px_8px_-6px_rgb(0_0_0/0.8)]"
    >
      {/* Usable while a request is pending: pressing again supersedes it with the builder as it is now. */}
      <Button variant="primary" waitsForHydration onClick={onRun} aria-busy={busy === 'run'}>
        Run
      </Button>
      <Button waitsForHydration onClick={onCompare} aria-busy={busy === 'compare'}>
        Compare
      </Button>
      <div aria-live="polite" className="min-w-0 flex-1 basis-48 text-sm">
        {busy && (
          <p className="text-zinc-700 dark:text-zinc-300" data-testid="sandbox-pending">
            {busy === 'run' ? 'Running…' : 'Comparing…'}
          </p>
        )}
        {error && (
          <p
            role="alert"
            className="rounded border border-red-300 bg-red-50 p-2 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {error}
          </p>
        )}
        {dirty && !error && !busy && (
          <p className="text-zinc-700 dark:text-zinc-300">Edited: press Run to see the new timeline.</p>
        )}
        {!dirty && !error && !busy && status && <p className="text-zinc-700 dark:text-zinc-300">{status}</p>}
      </div>
    </div>
  )
}
