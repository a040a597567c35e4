// `npm run build`'s last step: Drill's service worker. esbuild bundles sw/sw.ts (Serwist)
// and @serwist/build injects the precache list of this build — the static chunks and
// styles under <distDir>/static, the offline page, the manifest and the icons — into
// <distDir>/serwist/sw.js, which app/sw.js/route.ts serves. Prints the precache size
// (bench:sync checks it against 1.5 MB). Works with Turbopack: it reads the build's
// output and never hooks into the bundler.
import fs from 'node:fs'
import path from 'node:path'
import { type InjectManifestOptions, injectManifest } from '@serwist/build'
import { build } from 'esbuild'

export const distDir = process.env.NEXT_DIST_DIR ?? '.next'
export const swPath = path.join(distDir, 'serwist', 'sw.js')

export async function buildServiceWorker(): Promise<{ count: number; size: number }> {
  const buildId = fs.readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim()
  const bundled = path.join(distDir, 'serwist', 'sw.bundle.js')
  await build({
    entryPoints: ['sw/sw.ts'],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    outfile: bundled,
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  const result = await injectManifest({ swSrc: bundled, swDest: swPath, ...precacheConfig(buildId) })
  fs.rmSync(bundled)
  for (const warning of result.warnings) console.warn(`service worker: ${warning}`)
  return { count: result.count, size: result.size }
}

/** What the worker precaches (bench:sync measures the same list). */
export function precacheConfig(
  buildId = fs.readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim(),
): Omit<InjectManifestOptions, 'swSrc' | 'swDest'> {
  return {
    globDirectory: distDir,
    // The chunks of every page: a phone that opened any page can open /review offline.
    globPatterns: ['static/chunks/**/*.js', 'static/css/**/*.css', 'static/media/**/*.woff2'],
    modifyURLPrefix: { 'static/': '/_next/static/' },
    // Hashed names: the URL is the revision.
    dontCacheBustURLsMatching: /^\/_next\/static\//,
    additionalPrecacheEntries: [
      { url: '/offline', revision: buildId },
      { url: '/manifest.webmanifest', revision: buildId },
      ...['icon-192.png', 'icon-512.png', 'icon-maskable-512.png'].map((name) => ({
        url: `/icons/${name}`,
        revision: buildId,
      })),
    ],
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { count, size } = await buildServiceWorker()
  console.log(`Service worker: ${swPath}, ${count} precached files, ${(size / 1024).toFixed(0)} KiB`)
}
