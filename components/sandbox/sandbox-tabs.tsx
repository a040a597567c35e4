'use client'
// Two tabs: the simulator (from the server, as a prop) and the live console; this leaf
// switches which one shows (ARIA tabs, arrow keys).
import dynamic from 'next/dynamic'
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react'
import { useHydrated } from '@/components/use-hydrated'

// Its code is fetched on the first visit to its tab: a sandbox visit that never opens it
// neither downloads nor evaluates it (8 KB of the 57 KB of first-load JS that is the page's own).
const LiveConsole = dynamic(() => import('@/components/live/live-console').then((m) => m.LiveConsole), {
  ssr: false,
  loading: () => <p className="text-sm">Loading the live console…</p>,
})

const TABS = [
  { id: 'simulator', label: 'Simulator' },
  { id: 'live', label: 'Live' },
] as const
type TabId = (typeof TABS)[number]['id']

export function SandboxTabs({ simulator }: { simulator: ReactNode }) {
  const [selected, setSelectedTab] = useState<TabId>('simulator')
  const hydrated = useHydrated()
  // The live console opens an account and polls the API: mount it on first visit to its
  // tab (then keep it), so a sandbox visit that never opens it pays nothing for it.
  const [liveMounted, setLiveMounted] = useState(false)
  const setSelected = (tab: TabId) => {
    setSelectedTab(tab)
    if (tab === 'live') setLiveMounted(true)
  }
  const refs = useRef<Record<TabId, HTMLButtonElement | null>>({ simulator: null, live: null })

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (
      event.key !== 'ArrowRight' &&
      event.key !== 'ArrowLeft' &&
      event.key !== 'Home' &&
      event.key !== 'End'
    )
      return
    event.preventDefault()
    const index = TABS.findIndex((t) => t.id === selected)
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? TABS.length - 1
          : (index + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length
    const tab = TABS[next]
    if (!tab) return
    setSelected(tab.id)
    refs.current[tab.id]?.focus()
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label="Sandbox mode"
        className="flex gap-1 border-b border-zinc-300 dark:border-zinc-700"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el
            }}
            id={`tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={selected === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={selected === tab.id ? 0 : -1}
            // Switching tabs is client JS: disabled (and dimmed) until it has hydrated.
            disabled={!hydrated}
            onClick={() => setSelected(tab.id)}
            className={`-mb-px rounded-t border disabled:opacity-60 px-4 py-2 text-sm font-semibold ${
              selected === tab.id
                ? 'border-zinc-300 border-b-white bg-white text-zinc-900 dark:border-zinc-700 dark:border-b-zinc-950 dark:bg-zinc-950 dark:text-zinc-50'
                : 'border-transparent text-zinc-700 hover:text-zinc-950 dark:text-zinc-300 dark:hover:text-white'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="panel-simulator"
        aria-labelledby="tab-simulator"
        hidden={selected !== 'simulator'}
        className="pt-6"
      >
        {simulator}
      </div>
      <div
        role="tabpanel"
        id="panel-live"
        aria-labelledby="tab-live"
        hidden={selected !== 'live'}
        className="pt-6"
      >
        {liveMounted && <LiveConsole />}
      </div>
    </div>
  )
}
