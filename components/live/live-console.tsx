'use client'
// The "Live" tab: the learner's own sandbox account (created on first visit, tied
// to their cookie), copy-paste curl commands with their key, and their key rows,
// payments and provider charges, polled from the same public API the commands use.
import Link from 'next/link'
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react'
import { curlSteps } from '@/lib/live/curl'
import { CopyButton } from './copy-button'
import { type LiveSnapshot, LiveTables } from './live-tables'

const POLL_MS = 1500

interface ConsoleAccount {
  accountId: number
  apiKey: string
}

async function fetchJson<T>(url: string, apiKey: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` }, cache: 'no-store' })
  if (!res.ok) throw new Error(`${url} answered ${res.status}`)
  return (await res.json()) as T
}

/**
 * Whether the console is on screen. The sandbox renders it inside a hidden tab
 * panel too: nothing is created or polled until the learner opens the tab.
 */
function useShown(panel: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const check = () =>
      setShown(document.visibilityState === 'visible' && panel.current?.checkVisibility?.() !== false)
    check()
    const timer = setInterval(check, 300)
    return () => clearInterval(timer)
  }, [panel])
  return shown
}

/** The learner's console account, opened the first time the console is shown. */
function useConsoleAccount(shown: boolean): { account: ConsoleAccount | null; error: string | null } {
  const [account, setAccount] = useState<ConsoleAccount | null>(null)
  const [error, setError] = useState<string | null>(null)
  const wanted = shown || account !== null
  useEffect(() => {
    if (!wanted || account) return
    let cancelled = false
    fetch('/api/accounts/console', { method: 'POST', cache: 'no-store' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`the console account could not be opened (HTTP ${res.status})`)
        const opened = (await res.json()) as ConsoleAccount
        if (!cancelled) setAccount(opened)
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof Error ? e.message : String(e))
      })
    return () => {
      cancelled = true
    }
  }, [wanted, account])
  return { account, error }
}

/** The rows, polled every POLL_MS while the console is shown. */
function useLiveSnapshot(apiKey: string | undefined, shown: boolean): LiveSnapshot | null {
  const [snapshot, setSnapshot] = useState<LiveSnapshot | null>(null)
  useEffect(() => {
    if (!apiKey || !shown) return
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const [keys, payments, charges] = await Promise.all([
          fetchJson<LiveSnapshot['keys']>('/api/idempotency-keys', apiKey),
          fetchJson<LiveSnapshot['payments']>('/api/payments', apiKey),
          fetchJson<LiveSnapshot['charges']>('/api/provider/charges', apiKey),
        ])
        if (!cancelled) setSnapshot({ keys, payments, charges })
      } catch {
        // A missed poll is fine: the next one catches up.
      }
      if (!cancelled) timer = setTimeout(poll, POLL_MS)
    }
    void poll()
    return () => {
      cancelled = true
      if (timer) clearTimeout(timer)
    }
  }, [apiKey, shown])
  return snapshot
}

export function LiveConsole() {
  const panel = useRef<HTMLElement>(null)
  const shown = useShown(panel)
  const { account, error } = useConsoleAccount(shown)
  const snapshot = useLiveSnapshot(account?.apiKey, shown)
  const [origin, setOrigin] = useState('http://localhost:3000')
  const [keyPrefix, setKeyPrefix] = useState('live')
  useEffect(() => {
    setOrigin(window.location.origin)
    setKeyPrefix(`live-${crypto.randomUUID().slice(0, 8)}`)
  }, [])
  const steps = useMemo(
    () => (account ? curlSteps({ baseUrl: origin, apiKey: account.apiKey, keyPrefix }) : []),
    [account, origin, keyPrefix],
  )

  return (
    <section
      ref={panel}
      aria-labelledby="live-console-title"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6"
      data-testid="live-console"
    >
      <div>
        <h2 id="live-console-title" className="text-xl font-bold">
          Live API
        </h2>
        <p className="mt-2 max-w-3xl text-zinc-700 dark:text-zinc-300">
          The same engine behind real HTTP. Paste these commands in a terminal: each one is a step of the
          story, and the tables below show what it did to our keys, our payments and the provider’s ledger.
        </p>
        <p className="mt-2 max-w-3xl text-sm text-zinc-700 dark:text-zinc-300">
          Built this endpoint yourself?{' '}
          <Link href="/check" prefetch={false} className="underline underline-offset-2">
            Check your own server
          </Link>{' '}
          against the same faults.
        </p>
        {error ? (
          <p role="alert" className="mt-2 text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : (
          <p className="mt-2 text-sm" data-testid="live-account">
            {account ? (
              <>
                Your account <strong>{account.accountId}</strong>, key{' '}
                <code className="break-all rounded bg-zinc-200 px-1 dark:bg-zinc-800">{account.apiKey}</code>
              </>
            ) : (
              'Opening your sandbox account…'
            )}
          </p>
        )}
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <ol className="grid min-w-0 content-start gap-4">
          {steps.map((step, i) => (
            <li
              key={step.id}
              className="min-w-0 rounded-lg border border-zinc-200 p-3 dark:border-zinc-700"
              data-testid={`curl-${step.id}`}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold">
                  {i + 1}. {step.title}
                </h3>
                <CopyButton text={step.command} label={step.title} />
              </div>
              {/* Long lines wrap instead of scrolling: nothing hidden, nothing to scroll by keyboard. */}
              <pre className="mt-2 whitespace-pre-wrap break-all rounded bg-zinc-900 p-3 text-xs text-zinc-100">
                <code>{step.command}</code>
              </pre>
              <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{step.expect}</p>
            </li>
          ))}
        </ol>

        {/* Beside the commands on wide screens, and sticky, so a run's effect is in view. */}
        <div className="min-w-0 self-start lg:sticky lg:top-4">
          {snapshot ? <LiveTables snapshot={snapshot} /> : account ? <p>Loading your rows…</p> : null}
        </div>
      </div>
    </section>
  )
}
