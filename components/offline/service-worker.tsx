'use client'
// Registers Drill's service worker (/sw.js) on every page, in production builds. Once it
// controls the page, it is asked to keep /review and the chunks this page loaded (a first
// visit happens before the worker is in charge, so nothing of it was cached yet).
import { useEffect } from 'react'

const WARMED_AT = 'drill-review-warmed-at'
const WARM_EVERY_MS = 5 * 60_000

export function ServiceWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return
    const warm = () => {
      const controller = navigator.serviceWorker.controller
      if (!controller || !navigator.onLine) return
      localStorage.setItem(WARMED_AT, String(Date.now()))
      const chunks = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.startsWith('/_next/static/'))
      controller.postMessage({ type: 'drill-warm', urls: ['/review', ...chunks] })
    }
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined)
    // /review itself is kept by the worker as it loads; other pages refresh its copy now and then.
    const warmedAt = Number(localStorage.getItem(WARMED_AT) ?? 0)
    if (navigator.serviceWorker.controller) {
      if (location.pathname !== '/review' && Date.now() - warmedAt > WARM_EVERY_MS) warm()
    } else navigator.serviceWorker.addEventListener('controllerchange', warm, { once: true })
  }, [])
  return null
}

const KEPT_AT = 'drill-pages-kept-at'

/**
 * Asks the service worker to keep these pages (the cards of today's queue: their timelines)
 * for offline use — at most every 5 minutes, and only while online with the worker in charge.
 */
export function keepPagesOffline(urls: readonly string[]): void {
  if (!('serviceWorker' in navigator) || !navigator.onLine) return
  const controller = navigator.serviceWorker.controller
  const keptAt = Number(localStorage.getItem(KEPT_AT) ?? 0)
  if (!controller || Date.now() - keptAt < WARM_EVERY_MS) return
  localStorage.setItem(KEPT_AT, String(Date.now()))
  controller.postMessage({ type: 'drill-warm', urls })
}
