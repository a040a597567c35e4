'use client'
// The device's grade queue as React state: read on mount, read again on every change.
import { useEffect, useState } from 'react'
import { allGrades, onGradesChanged, type QueuedGrade } from './grade-store'

/** Null until IndexedDB answered (or when the browser has none). */
export function useQueuedGrades(): QueuedGrade[] | null {
  const [grades, setGrades] = useState<QueuedGrade[] | null>(null)
  useEffect(() => {
    let live = true
    const load = () =>
      allGrades().then(
        (all) => live && setGrades(all),
        () => live && setGrades([]),
      )
    void load()
    const stop = onGradesChanged(() => void load())
    return () => {
      live = false
      stop()
    }
  }, [])
  return grades
}

/** navigator.onLine, kept current by the `online` and `offline` events. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(true)
  useEffect(() => {
    const update = () => setOnline(navigator.onLine)
    update()
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [])
  return online
}
