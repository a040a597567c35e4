import type { Metadata } from 'next'
import { headers } from 'next/headers'
import Link from 'next/link'
import { LimitedNotice } from '@/components/limited-notice'
import { LeaseSandboxApp } from '@/components/sandbox/lease-sandbox-app'
import { SandboxApp } from '@/components/sandbox/sandbox-app'
import { SandboxTabs } from '@/components/sandbox/sandbox-tabs'
import { limitedRetryAfterS } from '@/lib/http/page-limits'
import { isLeaseRun, isPaymentRun } from '@/lib/sandbox/labels'
import { canonicalPresets, type PresetSummary, sandboxPageRun } from '@/lib/sandbox/run'

export const metadata: Metadata = { title: 'Sandbox' }

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

export default async function SandboxPage({ searchParams }: PageProps<'/sandbox'>) {
  // A new run the page-view limit refused (proxy.ts): say when to try again, run nothing.
  const retryAfterS = limitedRetryAfterS({ headers: await headers() })
  if (retryAfterS !== null) return <LimitedNotice retryAfterS={retryAfterS} />
  const params = await searchParams
  const { loaded, run } = await sandboxPageRun({ s: first(params.s), scenario: first(params.scenario) })
  const presets = canonicalPresets()

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">Sandbox</h1>
        <p className="max-w-3xl text-zinc-700 dark:text-zinc-300">
          Run the real payment engine in the simulator. Flip a switch such as{' '}
          <strong>Charge before insert</strong>, press Run, and step through the timeline to the moment the
          second charge happens. The lease presets run a lock service with fencing tokens instead: switch on{' '}
          <strong>Ignore fencing tokens</strong> and watch a paused client overwrite the new lock holder.
        </p>
      </header>
      {loaded.problem && (
        <p
          role="alert"
          className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {loaded.problem} Showing the {loaded.scenario.id} preset instead.
        </p>
      )}
      <SandboxTabs
        simulator={
          <div className="space-y-6">
            <nav aria-labelledby="presets-title">
              <h2 id="presets-title" className="text-xl font-semibold">
                Presets
              </h2>
              <PresetList
                heading="Payments"
                presets={presets.filter((p) => p.protocol === 'payments')}
                current={loaded.fromLink ? null : loaded.scenario.id}
              />
              <PresetList
                heading="Leases and fencing tokens"
                presets={presets.filter((p) => p.protocol === 'lease')}
                current={loaded.fromLink ? null : loaded.scenario.id}
              />
            </nav>
            {isLeaseRun(run) && <LeaseSandboxApp key={run.share} initial={run} />}
            {isPaymentRun(run) && <SandboxApp key={run.share} initial={run} />}
          </div>
        }
      />
    </div>
  )
}

function PresetList({
  heading,
  presets,
  current,
}: {
  heading: string
  presets: PresetSummary[]
  current: string | null
}) {
  return (
    <>
      <h3 className="mt-2 text-sm font-semibold">{heading}</h3>
      <ul className="mt-1 flex flex-wrap gap-2">
        {presets.map((preset) => {
          const isCurrent = preset.id === current
          return (
            <li key={preset.id}>
              <Link
                href={`/sandbox?scenario=${preset.id}`}
                prefetch={false}
                aria-current={isCurrent ? 'page' : undefined}
                className={`block rounded border px-3 py-1 font-mono text-sm ${
                  isCurrent
                    ? 'border-sky-800 bg-sky-800 text-white dark:border-sky-300 dark:bg-sky-300 dark:text-zinc-950'
                    : 'border-zinc-400 text-zinc-900 hover:bg-zinc-100 dark:border-zinc-600 dark:text-zinc-100 dark:hover:bg-zinc-800'
                }`}
              >
                {preset.id}
              </Link>
            </li>
          )
        })}
      </ul>
    </>
  )
}
