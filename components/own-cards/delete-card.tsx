'use client'
// Delete an own card, after asking: a modal dialog that says what happens to its history.
import { useRef, useState } from 'react'
import { deleteCardAction } from '@/app/cards/actions'
import { Button } from '../ui/button'

export function DeleteCard({ cardId, title }: { cardId: string; title: string }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function confirm() {
    setPending(true)
    // Redirects to /cards on success; returns only on failure.
    const result = await deleteCardAction(cardId)
    setPending(false)
    setError(result.error)
  }

  return (
    <>
      <Button variant="danger-outline" onClick={() => dialog.current?.showModal()}>
        Delete card
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby="delete-title"
        aria-describedby="delete-detail"
        className="m-auto max-w-md rounded-xl border border-zinc-300 bg-white p-5 text-zinc-900 backdrop:bg-black/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        <h2 id="delete-title" className="text-lg font-semibold">
          Delete “{title}”?
        </h2>
        <p id="delete-detail" className="mt-2">
          The card and its schedule are removed, so it no longer comes up in review. Its past reviews stay in
          your history: they still count in Stats and in your study-state export.
        </p>
        {error && (
          <p role="alert" className="mt-2 text-red-800 dark:text-red-300">
            {error}
          </p>
        )}
        <div className="mt-4 flex gap-3">
          <Button variant="danger" onClick={confirm} disabled={pending}>
            Delete
          </Button>
          <Button onClick={() => dialog.current?.close()}>Keep the card</Button>
        </div>
      </dialog>
    </>
  )
}
