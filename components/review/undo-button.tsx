'use client'
// Undo the latest review (button, or Ctrl+Z / ⌘Z outside a text box): the server
// restores the stored pre-review card and deletes the log.
import { useCallback, useState, useTransition } from 'react'
import { undoAction } from '@/app/review/actions'
import { markUndone } from '@/components/offline/grade-store'
import { Button } from '../ui/button'
import { useUndoShortcut } from './use-undo-shortcut'

/** `lastGrade` says what the undo takes back: 'Good on "Card title", back Thu, 3 Dec, 04:00'. */
export function UndoButton({ logId, lastGrade }: { logId: number; lastGrade: string }) {
  const [pending, startTransition] = useTransition()
  const [error, setError] = useState<string | null>(null)

  const undo = useCallback(() => {
    if (pending) return
    startTransition(async () => {
      const result = await undoAction({ logId })
      setError(result.ok ? null : result.error)
      // A grade this device sent is no longer on the server: its card may be shown again.
      if (result.ok) await markUndone(logId).catch(() => undefined)
    })
  }, [logId, pending])

  return <UndoNotice undo={undo} busy={pending} lastGrade={lastGrade} error={error} />
}

/**
 * The one Undo notice (the server's latest review, or the device's latest grade): the button, Ctrl+Z,
 * what it takes back ("Last grade: Good on “Card title”."), and why it could not.
 */
export function UndoNotice({
  undo,
  busy = false,
  lastGrade,
  error,
}: {
  undo: () => void
  busy?: boolean
  lastGrade: string
  error: string | null
}) {
  useUndoShortcut(undo)
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        onClick={undo}
        waitsForHydration
        disabled={busy}
        aria-keyshortcuts="Control+Z"
        aria-describedby="undo-what"
      >
        Undo
      </Button>
      <span id="undo-what" className="text-sm text-zinc-700 dark:text-zinc-300">
        Last grade: {lastGrade}. Undo (or Ctrl+Z) takes it back.
      </span>
      {error && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}
