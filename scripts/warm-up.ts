// Ready means warm: before scripts/server.ts listens, it sends every page a first request
// itself, through Next's own handler on a private loopback port. That first request is the
// one that loads the route's code and builds what no learner changes — every drill, every
// canonical scenario's run (the sandbox presets, each card's timelines), the model
// answers' HTML — into the process's memory, so no visitor pays for it.
// Warm-up requests carry WARM_UP_HEADER (the server strips it from every real request)
// and count against no limit.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { allCards } from '@/lib/content/cards'
import { CLIENT_ADDRESS_HEADER, WARM_UP_HEADER } from '@/lib/http/client'

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void

/** Every page once, each card, drill and sandbox preset among them. */
export function warmUpPaths(root = process.cwd()): string[] {
  const scenarioIds = fs
    .readdirSync(path.join(root, 'content', 'scenarios'))
    .filter((file) => file.endsWith('.json'))
    .map((file) =>
      String(JSON.parse(fs.readFileSync(path.join(root, 'content', 'scenarios', file), 'utf8')).id),
    )
  return [
    '/api/health',
    // /cards first: it lists every drill, so it builds them all.
    '/cards',
    '/',
    '/review',
    '/stats',
    '/settings',
    '/cards/new',
    '/sandbox',
    '/no-such-page',
    ...allCards().map((card) => `/cards/${card.id}`),
    ...scenarioIds.flatMap((id) => [`/drills/${id}`, `/sandbox?scenario=${id}`]),
  ]
}

/** Sends each path to `handle` once, one after another; returns how long it took. */
export async function warmUp(
  handle: Handler,
  paths: readonly string[],
): Promise<{ ms: number; failed: string[] }> {
  const started = performance.now()
  const server = http.createServer((req, res) => {
    Object.assign(req.headers, { [CLIENT_ADDRESS_HEADER]: 'warm-up', [WARM_UP_HEADER]: '1' })
    handle(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const failed: string[] = []
  try {
    for (const pagePath of paths) {
      const response = await fetch(`http://127.0.0.1:${port}${pagePath}`, {
        headers: { accept: 'text/html' },
        redirect: 'manual',
      })
      await response.arrayBuffer()
      if (response.status >= 500) failed.push(`${pagePath} (${response.status})`)
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return { ms: performance.now() - started, failed }
}
