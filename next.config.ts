import type { NextConfig } from 'next'
import { API_CSP, HSTS, HTTPS_FORWARDED, STATIC_SECURITY_HEADERS } from './lib/http/security-headers'
import { MAX_IMPORT_BYTES } from './lib/transfer/limits'

const nextConfig: NextConfig = {
  // Helpers and CI may build side by side; each can name its own output folder.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  serverExternalPackages: ['better-sqlite3', 'pg', '@open-spaced-repetition/binding-linux-x64-gnu'],
  poweredByHeader: false,
  typedRoutes: false,
  // The build does not type-check again: `npm test` runs `npm run typecheck` (next typegen + tsc, the
  // same check on the same tsconfig) in its first phase, before the build, and stops if it fails; the
  // build's own pass was a second copy of it (~25 s of the build on 2 cores). `npm run typecheck`
  // by hand checks a tree built some other way.
  typescript: { ignoreBuildErrors: true },
  // The headers every response carries; pages get their nonce CSP from proxy.ts.
  async headers() {
    return [
      { source: '/:path*', headers: [...STATIC_SECURITY_HEADERS] },
      {
        source: '/:path*',
        has: [HTTPS_FORWARDED],
        headers: [{ key: 'Strict-Transport-Security', value: HSTS }],
      },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CSP }] },
      { source: '/_next/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CSP }] },
    ]
  },
  experimental: {
    // proxy.ts makes Next buffer request bodies, cut at 10 MB by default: an import
    // under our limit would arrive truncated. One MB above the import limit, so a
    // body the buffer cuts is still over the limit and answered 413, never misread.
    proxyClientMaxBodySize: MAX_IMPORT_BYTES + 1024 * 1024,
  },
}

export default nextConfig
