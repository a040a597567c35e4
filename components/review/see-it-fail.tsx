'use client'
// The /sandbox links a contradicted point offers ("See it fail"): one per flaw, built on the
// server (lib/sandbox/see-it-fail.ts encodes each scenario as a share URL) and given once per
// page through this context rather than once per card of the day's queue.
import { createContext, type ReactNode, use } from 'react'

type Hrefs = Readonly<Partial<Record<string, string>>>

const SeeItFailContext = createContext<Hrefs>({})

export function SeeItFailLinks({ hrefs, children }: { hrefs: Hrefs; children: ReactNode }) {
  return <SeeItFailContext value={hrefs}>{children}</SeeItFailContext>
}

/** The sandbox link that shows `flaw` failing, if there is one. */
export function useSeeItFailHref(flaw: string | null): string | undefined {
  const hrefs = use(SeeItFailContext)
  return flaw === null ? undefined : hrefs[flaw]
}
