/// <reference lib="webworker" />
// Drill's service worker (Serwist). Built after `next build` by scripts/build-sw.ts (esbuild,
// then @serwist/build injects the precache list) and served at /sw.js (app/sw.js/route.ts).
// - Precached: the app's static chunks and styles, the offline page, the manifest and icons.
// - Pages: network first, the last good copy kept, so /review opens without a connection
//   with the day's queue it was rendered with (the page's client hides what was graded since).
// - The rest of /review's day (GET /api/review/day: the page carries only its first card): network
//   first, the last good copy kept, like the page. Every other /api/ request: network only.
// - Pages that need the server (the sandbox, imports): network only; a page that cannot load
//   offline gets the plain "needs a connection" page instead.
import { CacheFirst, ExpirationPlugin, NetworkFirst, NetworkOnly, type PrecacheEntry, Serwist } from 'serwist'

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] }

/** Pages that are no use without the server: the live sandbox and the import pages. */
const NEEDS_SERVER = ['/sandbox', '/cards/new']

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.method === 'GET' && url.pathname === '/api/review/day',
      handler: new NetworkFirst({ cacheName: 'drill-pages', matchOptions: { ignoreVary: true } }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/'),
      handler: new NetworkOnly(),
    },
    {
      matcher: ({ request, url }) =>
        request.mode === 'navigate' && NEEDS_SERVER.some((path) => url.pathname.startsWith(path)),
      handler: new NetworkOnly(),
    },
    {
      matcher: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
      handler: new NetworkFirst({
        cacheName: 'drill-pages',
        // A kept copy is a whole page: Next's Vary on its RSC request headers never applies to a navigation.
        matchOptions: { ignoreVary: true, ignoreSearch: false },
        plugins: [new ExpirationPlugin({ maxEntries: 30 })],
      }),
    },
    {
      // The command recognizer's model (Hands-free): fetched the first time it is switched on, then
      // kept, so a grade can be said offline. Fixed files of a pinned package version.
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/voice/'),
      handler: new CacheFirst({
        cacheName: 'drill-voice',
        plugins: [new ExpirationPlugin({ maxEntries: 20 })],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_next/static/'),
      handler: new CacheFirst({
        cacheName: 'drill-static',
        plugins: [new ExpirationPlugin({ maxEntries: 200 })],
      }),
    },
  ],
  fallbacks: {
    entries: [{ url: '/offline', matcher: ({ request }) => request.destination === 'document' }],
  },
})

/**
 * A page loaded before this worker controlled it was never cached: the page asks for it
 * (and the chunks it loaded) once the worker is in charge, so the first visit already counts.
 */
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null
  if (data?.type !== 'drill-warm' || !Array.isArray(data.urls)) return
  const urls = data.urls.filter(
    (u): u is string =>
      typeof u === 'string' && new URL(u, self.location.origin).origin === self.location.origin,
  )
  event.waitUntil(
    Promise.all(
      urls.map(async (u) => {
        const url = new URL(u, self.location.origin)
        const cacheName = url.pathname.startsWith('/_next/static/') ? 'drill-static' : 'drill-pages'
        const response = await fetch(url, { credentials: 'same-origin' })
        if (response.ok) await (await caches.open(cacheName)).put(url.href, response)
      }),
    ).catch(() => undefined),
  )
})

serwist.addEventListeners()
