// GET /sw.js — the service worker scripts/build-sw.ts built after `next build`, served from
// the build folder so every build brings its own precache list. no-cache: the browser asks
// again on every page load, so a new build's worker is picked up at once.
import fs from 'node:fs/promises'
import path from 'node:path'

export const dynamic = 'force-dynamic'

export async function GET(): Promise<Response> {
  const file = path.join(process.cwd(), process.env.NEXT_DIST_DIR ?? '.next', 'serwist', 'sw.js')
  const script = await fs.readFile(file, 'utf8').catch(() => null)
  // A build without the worker (e.g. `next build` alone): a worker that removes itself.
  const body =
    script ?? 'self.addEventListener("install",()=>self.skipWaiting());self.registration.unregister()'
  return new Response(body, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
      'service-worker-allowed': '/',
    },
  })
}
