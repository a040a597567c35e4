import type { Metadata } from 'next'
import Link from 'next/link'

export const metadata: Metadata = { title: 'Needs a connection' }

/**
 * What the service worker shows for a page that cannot load offline (the sandbox, imports,
 * a page never opened on this device): plainly that it needs a connection, never the
 * browser's error page. Precached, so it renders without the server.
 */
export default function OfflinePage() {
  return (
    <section aria-labelledby="offline-title" className="space-y-4" data-testid="needs-connection">
      <h1 id="offline-title" className="text-2xl font-bold">
        This page needs a connection
      </h1>
      <p>
        You are offline, and this page needs the server (the sandbox, the live API and imports always do). It
        opens again once you are back online.
      </p>
      <p>
        Your review works offline:{' '}
        <Link href="/review" className="underline underline-offset-2">
          go on reviewing
        </Link>
        ; your grades wait on this device and sync when you are back.
      </p>
    </section>
  )
}
