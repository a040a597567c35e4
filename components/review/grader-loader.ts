'use client'
// The grader (lib/grading) is fetched when it is first needed, not with the review page: its module
// builds its phrase tables as it loads (tens of ms of main thread on a phone, issue 51) and nothing
// before Show answer uses it. The learner's first key or tap starts the fetch, so it is there by
// the time they reveal; Show answer waits for it if not. Its chunk is in the service worker's
// precache, so this works offline as the page does.
import { useEffect } from 'react'

export type Grader = typeof import('@/lib/grading')

let loading: Promise<Grader> | null = null

/** The grader's module, fetched once (a failed fetch is tried again next time). */
export function loadGrader(): Promise<Grader> {
  if (!loading) {
    loading = import('@/lib/grading')
    loading.catch(() => {
      loading = null
    })
  }
  return loading
}

/** Starts fetching the grader on the page's first key press or tap. */
export function usePreloadGraderOnFirstInput(): void {
  useEffect(() => {
    const preload = () => {
      loadGrader().catch(() => {})
      stop()
    }
    const stop = () => {
      window.removeEventListener('keydown', preload, true)
      window.removeEventListener('pointerdown', preload, true)
    }
    window.addEventListener('keydown', preload, true)
    window.addEventListener('pointerdown', preload, true)
    return stop
  }, [])
}
