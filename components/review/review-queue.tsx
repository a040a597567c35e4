'use client'
// The study day's queue on the device: the server renders every card of the day at once
// and this shows the first one not yet graded here — so grading goes on without a
// connection, from a page the service worker kept. A card is hidden while its grade
// waits in the device's queue, or when it was graded after this copy of the page was
// first shown (an old copy from the cache). Undo of a grade not yet sent takes it out
// of the queue; once sent, the server's Undo (rendered with the page) takes over.
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { firstSeenOfRender, type QueuedGrade, removePendingGrade } from '@/components/offline/grade-store'
import { useQueuedGrades } from '@/components/offline/use-queued-grades'
import { type GradeRating, RATING_NAMES } from '@/lib/srs/rubric'
import { Button } from '../ui/button'
import { isTypingTarget } from './keyboard'

export interface QueueItem {
  /** The card and its review round: stays the same across refreshes of the same card. */
  id: string
  cardId: string
  title: string
  node: ReactNode
}

export interface ReviewQueueProps {
  items: readonly QueueItem[]
  /** A fresh id per server render: the device remembers when it first showed each. */
  renderId: string
  /** The server's Undo for its latest review (only shown while no grade of this page is on the device). */
  serverUndo: ReactNode
}

export function hiddenCardIds(grades: readonly QueuedGrade[], firstSeenMs: number): Set<string> {
  return new Set(
    grades
      .filter(
        (g) =>
          g.status === 'pending' ||
          ((g.status === 'synced' || g.status === 'deleted') && Date.parse(g.body.reviewedAt) >= firstSeenMs),
      )
      .map((g) => g.body.cardId),
  )
}

export function ReviewQueue({ items, renderId, serverUndo }: ReviewQueueProps) {
  const grades = useQueuedGrades()
  const [firstSeenMs, setFirstSeenMs] = useState<number | null>(null)
  useEffect(() => {
    const now = Date.now()
    firstSeenOfRender(renderId, now).then(setFirstSeenMs, () => setFirstSeenMs(now))
  }, [renderId])

  // Until the device's queue is read, the first card (as the server rendered it).
  const hidden = grades && firstSeenMs !== null ? hiddenCardIds(grades, firstSeenMs) : new Set<string>()
  const current = items.find((item) => !hidden.has(item.cardId))
  const titles = new Map(items.map((item) => [item.cardId, item.title]))
  const lastPending = grades?.filter((g) => g.status === 'pending' && titles.has(g.body.cardId)).at(-1)
  const onDevice = grades?.some((g) => hidden.has(g.body.cardId)) ?? false

  return (
    <div className="space-y-6">
      {current ? (
        <div key={current.id}>{current.node}</div>
      ) : (
        <div className="space-y-4" data-testid="review-done">
          <h2 className="text-xl font-semibold">Done for today</h2>
          <p>Every card of today&apos;s queue is graded.</p>
        </div>
      )}
      {lastPending ? (
        <PendingUndo
          grade={lastPending}
          title={titles.get(lastPending.body.cardId) ?? lastPending.body.cardId}
        />
      ) : onDevice ? null : (
        serverUndo
      )}
    </div>
  )
}

/** Undo (button or Ctrl+Z) of the latest grade that has not left the device. */
function PendingUndo({ grade, title }: { grade: QueuedGrade; title: string }) {
  const [error, setError] = useState<string | null>(null)
  const undo = useCallback(() => {
    void removePendingGrade(grade.key).then((removed) =>
      setError(removed ? null : 'That grade was just sent; reload to undo it on the server.'),
    )
  }, [grade.key])

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey) return
      if (isTypingTarget(event.target)) return
      event.preventDefault()
      undo()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [undo])

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button onClick={undo} waitsForHydration aria-keyshortcuts="Control+Z" aria-describedby="undo-what">
        Undo
      </Button>
      <span id="undo-what" className="text-sm text-zinc-700 dark:text-zinc-300">
        Last grade: {RATING_NAMES[grade.body.rating as GradeRating]} on “{title}”, not synced yet. Undo (or
        Ctrl+Z) takes it back.
      </span>
      {error && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}
