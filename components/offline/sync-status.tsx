'use client'
// On every page: sends the device's queued grades (on load, on `online` — again within 5 s when
// that flush is cut short — and every 30 s while any wait) and says where they are in one status region.
import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'
import { markReported } from './grade-store'
import { deletedCardText, refusedGradeText, syncStatusText } from './status-text'
import { flushGrades, RETRY_SOON_MS, retrySoonAfter, SYNC_EVERY_MS } from './sync'
import { useClockSkew } from './use-clock-skew'
import { useOnline, useQueuedGrades } from './use-queued-grades'

export function SyncStatus() {
  const grades = useQueuedGrades()
  const online = useOnline()
  const clockSkew = useClockSkew()
  const router = useRouter()
  const [loadedAtMs] = useState(() => Date.now())
  const [noted, setNoted] = useState({ deleted: 0, refused: 0 })
  const counted = useRef(new Set<string>())
  const pending = grades?.filter((g) => g.status === 'pending').length ?? 0
  // "All grades synced" once a grade reached the server while this page was open.
  const syncedThisVisit =
    grades?.some((g) => g.status !== 'pending' && (g.settledAtMs ?? 0) >= loadedAtMs) ?? false

  // Send on load, whenever the browser is back online, and every 30 s while something waits.
  useEffect(() => {
    if (!online) return
    let live = true
    let soon: number | undefined
    const run = (tries = 0) =>
      void flushGrades().then((outcome) => {
        if (!live) return
        // The page's server-rendered parts (queue, Undo, counts) now include these grades.
        if (outcome.synced > 0) router.refresh()
        // Cut short (the connection a moment behind `online`): again within 5 s, then the timer's pace.
        const waitMs = outcome.stopped ? retrySoonAfter(tries) : null
        if (waitMs !== null) soon = window.setTimeout(() => run(tries + 1), waitMs)
      })
    run()
    // The timer's own flushes back off as before: no quick retries after them.
    const timer = pending > 0 ? window.setInterval(() => run(RETRY_SOON_MS.length), SYNC_EVERY_MS) : undefined
    return () => {
      live = false
      if (timer) window.clearInterval(timer)
      if (soon) window.clearTimeout(soon)
    }
  }, [online, pending, router])

  // A grade for a deleted card (or one refused for good) is said once, then marked so no later page says it again.
  useEffect(() => {
    const unreported =
      grades?.filter(
        (g) =>
          (g.status === 'deleted' || g.status === 'refused') && !g.reported && !counted.current.has(g.key),
      ) ?? []
    if (unreported.length === 0) return
    for (const g of unreported) counted.current.add(g.key)
    const deleted = unreported.filter((g) => g.status === 'deleted').length
    setNoted((n) => ({ deleted: n.deleted + deleted, refused: n.refused + unreported.length - deleted }))
    void markReported(unreported.map((g) => g.key))
  }, [grades])

  return (
    <div className="mx-auto max-w-6xl px-4 text-sm">
      <p data-testid="sync-status" role="status" className="text-zinc-700 dark:text-zinc-300">
        {grades === null ? '' : syncStatusText(pending, online, syncedThisVisit, clockSkew)}
      </p>
      <p data-testid="sync-deleted" role="status" className="text-zinc-700 dark:text-zinc-300">
        {[
          noted.deleted > 0 ? deletedCardText(noted.deleted) : '',
          noted.refused > 0 ? refusedGradeText(noted.refused) : '',
        ]
          .filter(Boolean)
          .join('. ')}
      </p>
    </div>
  )
}
