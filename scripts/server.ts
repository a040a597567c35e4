// The production server: Next's request handler behind our own node:http server, so
// the client's address comes from the socket and cannot be forged. Every incoming
// `x-drill-*` header is removed and CLIENT_ADDRESS_HEADER set from
// `socket.remoteAddress`. X-Forwarded-For / X-Forwarded-Proto count only when the
// socket peer is a proxy DRILL_TRUST_PROXY names (comma-separated addresses, e.g.
// `127.0.0.1` for nginx on the same machine); otherwise they are dropped.
//
// Run by `npm start` (scripts/start.ts), the Playwright web server and the tests that
// start their own server (e2e/next-server.ts). Env: PORT, HOSTNAME (default 0.0.0.0).
// With DRILL_DATABASE_URL / DRILL_PROVIDER_DATABASE_URL set, a database that does not
// answer stops the start with one line naming its host (migrating is the caller's job:
// `npm start` and `npm run migrate` do it).
import http from 'node:http'
import next from 'next'
import { clientIdentityHeaders, parseTrustedProxies } from '@/lib/http/forwarding'

const port = Number(process.env.PORT ?? 3000)
const hostname = process.env.HOSTNAME ?? '0.0.0.0'
const trusted = parseTrustedProxies(process.env.DRILL_TRUST_PROXY)

const app = next({ dev: false, dir: process.cwd(), port, hostname })

async function main() {
  if (process.env.DRILL_DATABASE_URL?.trim() || process.env.DRILL_PROVIDER_DATABASE_URL?.trim()) {
    const { assertConfiguredPostgresReachableOrExit } = await import('@/db/pg')
    await assertConfiguredPostgresReachableOrExit()
  }
  await app.prepare()
  const handle = app.getRequestHandler()
  const server = http.createServer((req, res) => {
    const set = clientIdentityHeaders(req.headers, req.socket.remoteAddress, trusted)
    for (const name of Object.keys(req.headers))
      if (name.startsWith('x-drill-') || name === 'x-forwarded-for' || name === 'x-forwarded-proto')
        delete req.headers[name]
    Object.assign(req.headers, set)
    handle(req, res).catch((error: unknown) => {
      console.error('[server] request failed', error)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/problem+json' })
      res.end()
    })
  })
  // Idle keep-alive sockets outlive the client's and a balancer's idle timeouts: with Node's 5 s
  // default the server may close a socket in the instant a client reuses it, and that request
  // fails with ECONNRESET (seen from Playwright's request client in e2e). headersTimeout stays above it.
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  server.listen(port, hostname, () => {
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
