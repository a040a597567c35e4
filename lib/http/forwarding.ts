// Which client a request came from, decided by the production server
// (scripts/server.ts) from the socket — the one input a client cannot forge.
// Forwarding headers count only when the socket peer is a trusted proxy.
import { CLIENT_ADDRESS_HEADER } from './client'

/** DRILL_TRUST_PROXY: comma-separated proxy addresses; empty or unset trusts none. */
export function parseTrustedProxies(value: string | undefined): Set<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((part) => normalizeAddress(part.trim()))
      .filter((part) => part !== ''),
  )
}

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack socket) → `1.2.3.4`. */
export function normalizeAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address
}

type IncomingHeaders = Record<string, string | string[] | undefined>

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value
}

/**
 * The headers to set on a request before Next sees it: the client address, and the
 * forwarding headers Next may read. Without a trusted proxy: the socket peer, and
 * no X-Forwarded-*. Behind trusted proxies: walk X-Forwarded-For from the right,
 * skipping trusted hops; the first untrusted address is the client.
 */
export function clientIdentityHeaders(
  headers: IncomingHeaders,
  remoteAddress: string | undefined,
  trusted: ReadonlySet<string>,
): Record<string, string> {
  const peer = normalizeAddress(remoteAddress ?? 'unknown')
  if (!trusted.has(peer)) return { [CLIENT_ADDRESS_HEADER]: peer }
  const hops = (single(headers['x-forwarded-for']) ?? '')
    .split(',')
    .map((hop) => normalizeAddress(hop.trim()))
    .filter((hop) => hop !== '')
  let client = peer
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string
    client = hop
    if (!trusted.has(hop)) break
  }
  const out: Record<string, string> = { [CLIENT_ADDRESS_HEADER]: client, 'x-forwarded-for': client }
  const proto = single(headers['x-forwarded-proto'])?.split(',')[0]?.trim().toLowerCase()
  if (proto === 'http' || proto === 'https') out['x-forwarded-proto'] = proto
  return out
}
