// The production server: Next's request handler behind our own node:http server, so
// the client's address comes from the socket and cannot be forged. Every incoming
// `x-drill-*` header is removed and CLIENT_ADDRESS_HEADER set from
// `socket.remoteAddress`. X-Forwarded-For / X-Forwarded-Proto count only when the
// socket peer is a proxy DRILL_TRUST_PROXY names (comma-separated addresses, e.g.
// `127.0.0.1` for nginx on the same machine); otherwise they are dropped.
//
// It listens only once it is warm (scripts/warm-up.ts): every page has had its first
// request, so the drills, the canonical runs and each route's code are in memory before
// the first visitor. A page's proxy can ask for another status than Next's 200 through
// STATUS_HEADER (the limited page's 429); the header itself never leaves the server.
// The payment sweeps wait for the listen too (lib/live/serving.ts); unsafe settings still
// stop the start in app.prepare(), before the warm-up.
//
// Run by `npm start` (scripts/start.ts), the Playwright web server and the tests that
// start their own server (e2e/next-server.ts). Env: PORT, HOSTNAME (default 0.0.0.0).
// With DRILL_DATABASE_URL / DRILL_PROVIDER_DATABASE_URL set, a database that does not
// answer stops the start with one line naming its host (migrating is the caller's job:
// `npm start` and `npm run migrate` do it).
import http from 'node:http'
import next from 'next'
import { clientIdentityHeaders, parseTrustedProxies } from '@/lib/http/forwarding'
import { STATUS_HEADER } from '@/lib/http/page-limits'
import { holdUntilServing, markServing } from '@/lib/live/serving'
import { warmUp, warmUpPaths } from './warm-up'

const port = Number(process.env.PORT ?? 3000)
const hostname = process.env.HOSTNAME ?? '0.0.0.0'
const trusted = parseTrustedProxies(process.env.DRILL_TRUST_PROXY)

const app = next({ dev: false, dir: process.cwd(), port, hostname })

/** Sends the status STATUS_HEADER names instead of Next's, and drops the header. */
function honourStatusHeader(res: http.ServerResponse): void {
  const writeHead = res.writeHead
  res.writeHead = function (this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    const asked = Number(this.getHeader(STATUS_HEADER))
    this.removeHeader(STATUS_HEADER)
    const headers = rest.at(-1)
    if (headers && typeof headers === 'object' && !Array.isArray(headers))
      delete (headers as Record<string, unknown>)[STATUS_HEADER]
    const call = writeHead as (...args: unknown[]) => http.ServerResponse
    if (!Number.isInteger(asked) || asked < 200 || asked > 599) return call.call(this, statusCode, ...rest)
    // Next's reason phrase belongs to its status, not to ours.
    this.statusMessage = http.STATUS_CODES[asked] ?? ''
    return call.call(this, asked, ...rest.filter((arg) => typeof arg !== 'string'))
  } as typeof res.writeHead
}

async function main() {
  if (process.env.DRILL_DATABASE_URL?.trim() || process.env.DRILL_PROVIDER_DATABASE_URL?.trim()) {
    const { assertConfiguredPostgresReachableOrExit } = await import('@/db/pg')
    await assertConfiguredPostgresReachableOrExit()
  }
  // The sweeps (started by instrumentation.ts in prepare) wait until we listen: see lib/live/serving.ts.
  holdUntilServing()
  await app.prepare()
  const nextHandle = app.getRequestHandler()
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    honourStatusHeader(res)
    nextHandle(req, res).catch((error: unknown) => {
      console.error('[server] request failed', error)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/problem+json' })
      res.end()
    })
  }
  const warm = await warmUp(handle, warmUpPaths())
  console.log(`> Drill warmed up in ${Math.round(warm.ms)} ms`)
  if (warm.failed.length > 0) console.error(`[server] warm-up: these answered 5xx: ${warm.failed.join(', ')}`)
  const server = http.createServer((req, res) => {
    const set = clientIdentityHeaders(req.headers, req.socket.remoteAddress, trusted)
    for (const name of Object.keys(req.headers))
      if (name.startsWith('x-drill-') || name === 'x-forwarded-for' || name === 'x-forwarded-proto')
        delete req.headers[name]
    Object.assign(req.headers, set)
    handle(req, res)
  })
  // Idle keep-alive sockets outlive the client's and a balancer's idle timeouts: with Node's 5 s
  // default the server may close a socket in the instant a client reuses it, and that request
  // fails with ECONNRESET (seen from Playwright's request client in e2e). headersTimeout stays above it.
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  server.listen(port, hostname, () => {
    markServing()
    console.log(
      `> Drill listening on http://${hostname}:${port}${trusted.size ? ` (trusting proxy ${[...trusted].join(', ')})` : ''}`,
    )
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      server.close()
      void app.close().finally(() => process.exit(0))
    })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
