// What a page shows instead of its work when a limit refused it (proxy.ts; the response is
// a 429 with Retry-After): what happened, when to try again, and the ways on that cost
// nothing.
import Link from 'next/link'
import { retryAfterText } from '@/lib/http/page-limits'
import { buttonClass } from './ui/button'

export function LimitedNotice({ retryAfterS }: { retryAfterS: number }) {
  return (
    <section aria-labelledby="limited-title" className="max-w-2xl space-y-4" data-testid="limited">
      <h1 id="limited-title" className="text-2xl font-bold">
        Too many new simulator runs
      </h1>
      <p>
        This link would run the simulator, and your network has started many new runs in a short time, so it
        did not run.{' '}
        <strong data-testid="retry-after">{`Try again in ${retryAfterText(retryAfterS)}.`}</strong>
      </p>
      <p className="text-zinc-700 dark:text-zinc-300">
        Meanwhile the sandbox presets, the cards and their timelines need no new run.
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
