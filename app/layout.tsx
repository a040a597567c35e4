import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { ServiceWorker } from '@/components/offline/service-worker'
import { SyncStatus } from '@/components/offline/sync-status'
import { SiteNav } from '@/components/site-nav'
import './globals.css'

export const metadata: Metadata = {
  title: { default: 'Drill', template: '%s · Drill' },
  applicationName: 'Drill',
  appleWebApp: { capable: true, title: 'Drill', statusBarStyle: 'default' },
  description:
    'Drill one hard system-design interview question until it sticks: idempotency for a create-payment endpoint.',
  // An inline icon: no extra request, and no 404 for /favicon.ico in every browser console.
  icons: {
    icon: `data:image/svg+xml,${encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#18181b"/><path d="M9 8h7a8 8 0 0 1 0 16H9z" fill="none" stroke="#fafafa" stroke-width="3.5"/></svg>',
    )}`,
  },
}

// Every page renders per request: the CSP nonce proxy.ts mints for each request must reach
// Next's inline and bundle scripts, which a page prerendered at build time cannot carry.
export const dynamic = 'force-dynamic'

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#09090b' },
  ],
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-zinc-50 text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-zinc-900"
        >
          Skip to content
        </a>
        <SiteNav />
        <ServiceWorker />
        <SyncStatus />
        <main id="main" className="mx-auto max-w-6xl px-4 py-8">
          {children}
        </main>
        <footer className="mx-auto max-w-6xl px-4 pb-8 text-xs text-zinc-600 dark:text-zinc-400">
          Drill — practise out loud, check yourself against the points, and let FSRS decide when each card
          comes back.
        </footer>
      </body>
    </html>
  )
}
