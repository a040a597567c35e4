'use client'
// "Delete my recordings" on /settings. The recordings are in this browser's IndexedDB
// only, so the count and the deletion happen here, with no request to the server.
import { useEffect, useState } from 'react'
import {
  deleteAllRecordings,
  type RecordingTotals,
  recordingTotals,
} from '@/components/review/recorder/recording-store'
import { Button } from '../ui/button'

function summarize(totals: RecordingTotals): string {
  if (totals.count === 0) return 'No recordings are stored in this browser.'
  const mb = (totals.sizeBytes / (1024 * 1024)).toFixed(1)
  return `${totals.count} recording${totals.count === 1 ? '' : 's'} (${mb} MB) stored in this browser.`
}

export function RecordingsSettings() {
  const [totals, setTotals] = useState<RecordingTotals | null>(null)
  const [status, setStatus] = useState<string | null>(null)

  useEffect(() => {
    recordingTotals()
      .then(setTotals)
      .catch(() => setTotals({ count: 0, sizeBytes: 0 }))
  }, [])

  async function onDelete() {
    try {
      await deleteAllRecordings()
      setTotals({ count: 0, sizeBytes: 0 })
      setStatus('Your recordings were deleted from this browser.')
    } catch {
      setStatus('The recordings could not be deleted; try again, or clear this site’s data in the browser.')
    }
  }

  return (
    <section aria-labelledby="recordings-title" className="max-w-xl space-y-3">
      <h2 id="recordings-title" className="text-xl font-semibold">
        Recordings
      </h2>
      <p className="text-zinc-700 dark:text-zinc-300">
        When you record an answer on Review, it stays in this browser and is never sent to the server. Drill
        keeps the latest two per card, at most 50 MB in all (the oldest go first).
      </p>
      <p data-testid="recordings-summary">{totals ? summarize(totals) : 'Counting recordings…'}</p>
      <Button waitsForHydration onClick={onDelete}>
        Delete my recordings
      </Button>
      {status && <p role="status">{status}</p>}
    </section>
  )
}
