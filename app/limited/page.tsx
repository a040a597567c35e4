// The page a browser sees when a limit refuses the page it opened (proxy.ts rewrites the
// request here and scripts/server.ts sends it as 429 with Retry-After): the site's layout,
// what happened, when to try again, and the way on that costs nothing. Opened directly,
// without the proxy's header, it is not a page.
import type { Metadata } from 'next'
import { headers } from 'next/headers'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { buttonClass } from '@/components/ui/button'
import { LIMITED_HEADER, retryAfterText } from '@/lib/http/page-limits'

export const metadata: Metadata = { title: 'Try again soon' }

export default async function LimitedPage() {
  const header = (await headers()).get(LIMITED_HEADER)
  const retryAfterS = header === null ? Number.NaN : Number(header)
  if (!Number.isFinite(retryAfterS)) notFound()
  return (
    <section aria-labelledby="limited-title" className="max-w-2xl space-y-4" data-testid="limited">
      <h1 id="limited-title" className="text-2xl font-bold">
        Too many new simulator runs
      </h1>
      <p>
        This page would run the simulator, and your network has started many new runs in a short time, so this
        one did not run.{' '}
        <strong data-testid="retry-after">Try again in {retryAfterText(retryAfterS)}.</strong>
      </p>
      <p className="text-zinc-700 dark:text-zinc-300">
        Meanwhile the presets, the cards and their timelines need no new run.
      </p>
      <p className="flex flex-wrap gap-3">
        <Link href="/sandbox" prefetch={false} className={buttonClass({ variant: 'primary', size: 'md' })}>
          Open the sandbox presets
        </Link>
        <Link href="/cards" className={buttonClass({ size: 'md' })}>
          Read the cards
        </Link>
      </p>
    </section>
  )
}
