// /check's explanation of the contract check:server holds a learner's server to (a server
// component: static text, no client JS). README "Check your own server" is the long form.
import type { CheckId } from '@/lib/check-server/types'

const code = 'rounded bg-zinc-200 px-1 dark:bg-zinc-800'

/** Every check, in the order the checker runs them (the Record holds it to CHECK_IDS). */
const CHECKS: Record<CheckId, string> = {
  'missing-key': 'a request without Idempotency-Key gets 400 and charges nothing.',
  'first-attempt': 'a new key gets 201 and exactly one charge.',
  replay: 'the same key and body again gets the same status and a byte-identical body.',
  'changed-body': 'the same key with another body gets 422 (or --mismatch-status).',
  'concurrent-duplicates': 'ten copies at once, with the provider slow: one charge, one answer for all.',
  'in-flight':
    'a duplicate while the provider holds the first charge 2 s: 409 with Retry-After, or a wait and then the first answer.',
  'lost-response': 'Drill drops its connection before your answer, then retries: still one charge.',
  'provider-timeout':
    'the provider charges and drops the connection without answering: settled with one charge.',
  scope: 'the same key from two accounts is two payments.',
  'crash-after-charge':
    'the provider charges, Drill kill -9s your server’s process group before it answers, starts it again on the same port and retries: one charge.',
}

function Pre({ children }: { children: string }) {
  return (
    <pre className="whitespace-pre-wrap break-all rounded bg-zinc-900 p-3 text-xs text-zinc-100">
      <code>{children}</code>
    </pre>
  )
}

export function CheckContract() {
  return (
    <div className="max-w-3xl space-y-6">
      <section aria-labelledby="run-title" className="space-y-2">
        <h2 id="run-title" className="text-xl font-semibold">
          Run the checks
        </h2>
        <p>
          From a checkout of Drill, give the command that starts your server (any language). Drill starts its
          own payment provider on loopback, runs your command with <code className={code}>PORT</code> and{' '}
          <code className={code}>PROVIDER_URL</code> set, waits up to 30 s for it to answer, then runs ten
          checks and writes the report:
        </p>
        <Pre>{'npm run check:server -- --start "node server.js" --json report.json'}</Pre>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Exit 0: no check failed; 1: one failed; 2: it could not run (one sentence says why). A server
          already running is <code className={code}>--target http://127.0.0.1:&lt;port&gt;</code> instead; the
          crash check is then skipped. <code className={code}>--seed &lt;n&gt;</code> replays a schedule.
        </p>
      </section>

      <section aria-labelledby="contract-title" className="space-y-2">
        <h2 id="contract-title" className="text-xl font-semibold">
          Your side of the contract
        </h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <code className={code}>POST /payments</code> with an <code className={code}>Idempotency-Key</code>{' '}
            header, <code className={code}>Authorization: Bearer &lt;account id&gt;</code> and the JSON body{' '}
            <code className={code}>
              {'{ "amount": <integer, minor units>, "currency": "USD", "orderId": "…" }'}
            </code>
            .
          </li>
          <li>
            The first attempt answers <strong>201</strong> with a JSON body. The same key and body again: the
            same status and a byte-identical body (a replay). The same key with another body:{' '}
            <strong>422</strong>. While the first is still in flight: <strong>409</strong> with{' '}
            <code className={code}>Retry-After</code>, or a bounded wait and then the first answer. No key:{' '}
            <strong>400</strong>. Keys are scoped to the account: two accounts may use the same key.
          </li>
          <li>
            To charge, <code className={code}>POST {'{PROVIDER_URL}'}/charges</code> with{' '}
            <code className={code}>{'{ "amount", "currency", "reference" }'}</code>, optionally with an{' '}
            <code className={code}>Idempotency-Key</code> header; it answers{' '}
            <code className={code}>{'201 { "id": "ch_…", "status": "succeeded" }'}</code>. A repeated provider
            key returns the first charge and charges nothing. The provider’s ledger is the ground truth for
            “charged once”.
          </li>
          <li>
            The settle window: a <strong>202</strong> (pending) or a <strong>409</strong> is retried with the
            same key every 0.5 s for up to 30 s until a final answer; after a fault, a dropped connection or a
            5xx is retried too. No final answer in the window is <code className={code}>not-settled</code>.
          </li>
        </ul>
      </section>

      <section aria-labelledby="checks-title" className="space-y-2">
        <h2 id="checks-title" className="text-xl font-semibold">
          The ten checks
        </h2>
        <ol className="list-decimal space-y-1 pl-5">
          {Object.entries(CHECKS).map(([id, what]) => (
            <li key={id}>
              <code className={code}>{id}</code>: {what}
            </li>
          ))}
        </ol>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          A failure names its violation: <code className={code}>double-charge</code> (the provider charged
          more than once for one intent), <code className={code}>not-settled</code>, or a broken contract such
          as <code className={code}>wrong-status</code>, <code className={code}>not-replayed</code> or{' '}
          <code className={code}>leaked-across-accounts</code>.
        </p>
      </section>
    </div>
  )
}
