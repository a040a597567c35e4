'use client'
// The study day's queue on the device: the page carries its first card, the rest arrives as
// data (use-day-queue.ts, GET /api/review/day) and this shows the first one not yet graded
// here — so grading goes on without a connection, from the page and day the service worker
// kept. A card keeps its state when its data is swapped (same id). A card is hidden while its grade
// waits in the device's queue, or when its grade reached the server after this copy of
// the page was rendered (the page knows each card's last log id; a newer one means an old
// copy, e.g. from the cache). Undo of a grade not yet sent takes it out of the queue; one
// sent is undone on the server; once the page knows the grade, the server's Undo takes over.
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { undoAction } from '@/app/review/actions'
import {
  allGrades,
  isHeld,
  markUndone,
  type QueuedGrade,
  removePendingGrade,
} from '@/components/offline/grade-store'
import { keepReviewOffline } from '@/components/offline/service-worker'
import { useQueuedGrades } from '@/components/offline/use-queued-grades'
import type { DayItem } from '@/lib/review/day-card'
import { type GradeRating, RATING_NAMES } from '@/lib/srs/rubric'

import { queueItems } from './day-card'
import { DayCardView } from './day-card-view'
import { markFirstCard } from './first-card-mark'
import { HandsFreeProvider, HandsFreeSwitch } from './hands-free/hands-free-switch'
import { hiddenCardIds } from './queue-visibility'
import { UndoNotice } from './undo-button'
import { useDayQueue } from './use-day-queue'

export interface ReviewQueueProps {
  /** The day's first card, drawn in the page. */
  first: DayItem
  /** The server's Undo for its latest review (only shown while no grade of this page is on the device). */
  serverUndo: ReactNode
  serverLatestLogId: number | null
  /** False on a first visit: the page was drawn in the default zone, the browser's is stored now. */
  knowsTimezone: boolean
}

export function ReviewQueue({ first, serverUndo, serverLatestLogId, knowsTimezone }: ReviewQueueProps) {
  const grades = useQueuedGrades()
  const { queue, zoneStored } = useDayQueue(`${first.id} ${serverLatestLogId ?? ''}`, knowsTimezone)
  const fetched = queue.kind === 'fetched' ? queue.items : null
  const items = queueItems(first, fetched)
  const pages = items.flatMap((item) => (item.keepOffline ? [item.keepOffline] : [])).join(' ')
  // Kept once the whole day is here, drawn in the stored zone.
  const keeps = zoneStored && fetched !== null
  useEffect(() => {
    if (keeps) keepReviewOffline(pages ? pages.split(' ') : [])
  }, [keeps, pages])
  // Until the device's queue is read, the first card (as the server rendered it).
  const hidden = grades ? hiddenCardIds(grades, items, isHeld) : new Set<string>()
  const current = items.find((item) => !hidden.has(item.cardId))
  const firstCardKnown = grades !== null && current !== undefined
  useEffect(() => {
    if (firstCardKnown) markFirstCard()
  }, [firstCardKnown])
  const titles = new Map(items.map((item) => [item.cardId, item.title]))
  // The device's latest grade this copy of the page does not know about: its Undo is ours.
  const latest = grades?.filter((g) => titles.has(g.body.cardId) && hidden.has(g.body.cardId)).at(-1)

  return (
    // data-rest-of-day: whether the day's other cards are here (e2e waits on it; nothing is styled by it).
    <HandsFreeProvider>
      <div className="space-y-6" data-rest-of-day={queue.kind}>
        <HandsFreeSwitch />
        {current ? (
          <div key={current.id}>
            <DayCardView card={current.card} />
          </div>
        ) : queue.kind === 'loading' ? (
          <p role="status">Loading the rest of today&apos;s queue…</p>
        ) : queue.kind === 'failed' ? (
          <p role="status">The rest of today&apos;s queue needs a connection: reload when online.</p>
        ) : (
          <div className="space-y-4" data-testid="review-done">
            <h2 className="text-xl font-semibold">Done for today</h2>
            <p>Every card of today&apos;s queue is graded.</p>
          </div>
        )}
        {latest ? (
          <DeviceUndo grade={latest} title={titles.get(latest.body.cardId) ?? latest.body.cardId} />
        ) : (
          serverUndo
        )}
      </div>
    </HandsFreeProvider>
  )
}

/**
 * Undo (button or Ctrl+Z) of the device's latest grade: one still in the queue just leaves it;
 * one already sent is undone on the server (its stored pre-review card comes back).
 */
function DeviceUndo({ grade, title }: { grade: QueuedGrade; title: string }) {
  const [error, setError] = useState<string | null>(null)
  const busy = useRef(false)
  const undo = useCallback(() => {
    if (busy.current) return
    busy.current = true
    void (async () => {
      try {
        if (await removePendingGrade(grade.key)) return setError(null)
        const sent = (await allGrades()).find((g) => g.key === grade.key)
        if (sent?.logId === undefined) return setError('That grade is being sent; try again in a moment.')
        const result = await undoAction({ logId: sent.logId })
        if (!result.ok) return setError(result.error)
        await markUndone(sent.logId)
        setError(null)
      } finally {
        busy.current = false
      }
    })()
  }, [grade.key])

  const what = `${RATING_NAMES[grade.body.rating as GradeRating]} on “${title}”`
  return (
    <UndoNotice
      undo={undo}
      lastGrade={grade.status === 'pending' ? `${what}, not synced yet` : what}
      error={error}
    />
  )
}
