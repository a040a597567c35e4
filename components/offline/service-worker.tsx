'use client'
// Registers Drill's service worker (/sw.js) on every page, in production builds. Once it
// controls the page, it is asked to keep the chunks this page loaded and /review (a first
// visit happens before the worker is in charge, so nothing of it was cached yet); on /review
// itself the review queue asks (keepReviewOffline), so a "setting up" page is never kept.
import { useEffect } from 'react'

const WARMED_AT = 'drill-review-warmed-at'
/** /review and the rest of its day (its first card is in the page, the others in GET /api/review/day): kept together. */
const REVIEW_OFFLINE = ['/review', '/api/review/day']
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
      // On /review the review queue keeps the page itself, once it has a queue to show.
      const pages = location.pathname === '/review' ? [] : REVIEW_OFFLINE
      controller.postMessage({ type: 'drill-warm', urls: [...pages, ...chunks] })
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
 * From the review queue (so never the first visit's "setting up" page): asks the service worker
 * to keep /review and these pages (the cards of today's queue: their timelines) for offline use —
 * once the worker is in charge, while online, at most every 5 minutes unless /review is not kept yet.
 */
export function keepReviewOffline(pages: readonly string[]): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return
  const keep = async () => {
    const controller = navigator.serviceWorker.controller
    if (!controller || !navigator.onLine) return
    const keptAt = Number(localStorage.getItem(KEPT_AT) ?? 0)
    const kept = await Promise.all(REVIEW_OFFLINE.map(async (url) => (await caches.match(url)) !== undefined))
    if (Date.now() - keptAt < WARM_EVERY_MS && kept.every(Boolean)) return
    localStorage.setItem(KEPT_AT, String(Date.now()))
    controller.postMessage({ type: 'drill-warm', urls: [...REVIEW_OFFLINE, ...pages] })
  }
  if (navigator.serviceWorker.controller) void keep()
  else navigator.serviceWorker.addEventListener('controllerchange', () => void keep(), { once: true })
}
