// Security headers for every response. Two halves, because Next serves responses along
// two paths:
// - next.config.ts `headers()` adds STATIC_SECURITY_HEADERS to every path (pages, API
//   routes, problem responses, 404s, /_next/static assets) and API_CSP to /api/* and
//   /_next/*: those never render HTML, so their policy allows nothing at all. HSTS is
//   added there too, for every path, when the request came over https.
// - proxy.ts calls pageSecurity() for pages: a fresh nonce per request goes into the
//   page CSP on the request (Next reads it there and stamps it on its own inline and
//   bundle scripts) and on the response. Only the proxy sees each request, so only it
//   can mint a nonce; the static half cannot.
// Plain TypeScript with no imports: next.config.ts loads it before Next is running.

/** Allow the microphone for Drill itself (recording answers on /review); nothing else. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(self), payment=(), usb=()'

/**
 * One year. Sent only when the request came over https: `next start` speaks plain HTTP, so
 * https means a TLS proxy in front that says so in X-Forwarded-Proto (Next's own rule for
 * request.nextUrl.protocol). A forged header only adds HSTS to a plain-http answer, which
 * browsers ignore by spec.
 */
export const HSTS = 'max-age=31536000; includeSubDomains'
/** next.config `has` condition: Next matches the value as a regular expression. */
export const HTTPS_FORWARDED = { type: 'header', key: 'x-forwarded-proto', value: '(.*)https(.*)' } as const

export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // frame-ancestors 'none' in the CSP is the modern form; X-Frame-Options covers old browsers.
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
]

/** For responses that are never rendered as a page (JSON, problems, scripts, styles). */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/**
 * The page policy. Scripts run only with this request's nonce ('strict-dynamic' lets a
 * nonced script load the chunks it imports, e.g. next/dynamic); no 'unsafe-inline'.
 * Styles keep 'unsafe-inline': React `style={…}` props (timeline geometry, Next's route
 * announcer) become style attributes, which a nonce cannot cover; a style cannot run code.
 */
export function pageCsp(nonce: string, options: { dev: boolean; https: boolean }): string {
  const directives = [
    "default-src 'self'",
    // React uses eval for its error overlay in development only.
    // 'wasm-unsafe-eval': Hands-free's command recognizer is WebAssembly served by Drill (/voice/).
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'${options.dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    // The favicon is a data: URI.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // Recorded answers are played back from blob: URLs.
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ]
  return directives.join('; ')
}

/** 128 random bits, base64: unguessable, and in the character set Next's nonce parser accepts. */
export function newNonce(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
}

/** A fresh nonce and the page policy that carries it. */
export function pageSecurity(options: { dev: boolean; https: boolean }): { nonce: string; csp: string } {
  const nonce = newNonce()
  return { nonce, csp: pageCsp(nonce, options) }
}

/** API routes are checked by next.config's static policy; the proxy adds the nonce CSP to pages only. */
export function isPagePath(pathname: string): boolean {
  return !pathname.startsWith('/api/') && pathname !== '/api' && !pathname.startsWith('/_next/')
}
