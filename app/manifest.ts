// /manifest.webmanifest: Drill installable on a phone, opening straight into the review.
import type { MetadataRoute } from 'next'

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Drill — idempotency, drilled',
    short_name: 'Drill',
    description: 'Drill one hard system-design interview question until it sticks, online or offline.',
    id: '/review',
    start_url: '/review',
    scope: '/',
    display: 'standalone',
    // Light by default; the pages' theme-color meta tags (app/layout.tsx) switch it for dark mode.
    background_color: '#ffffff',
    theme_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  }
}
