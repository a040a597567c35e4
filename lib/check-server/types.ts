// The report's shape: what `--json` writes and /check opens.
export const CHECK_IDS = [
  'missing-key',
  'first-attempt',
  'replay',
  'changed-body',
  'concurrent-duplicates',
  'in-flight',
  'lost-response',
  'provider-timeout',
  'scope',
  'crash-after-charge',
] as const
export type CheckId = (typeof CHECK_IDS)[number]

export interface TimelineEvent {
  atMs: number
  from: 'client' | 'server' | 'provider'
  to: 'client' | 'server' | 'provider'
  what: string
}

export interface CheckResult {
  id: CheckId
  verdict: 'pass' | 'fail' | 'skipped'
  /** double-charge, not-settled, wrong-status, not-replayed, leaked-across-accounts, not-charged. */
  violation: string | null
  reason: string
  timeline: TimelineEvent[]
}

export interface Report {
  target: string
  seed: number
  checks: CheckResult[]
}

/**
 * The checker's own steps on a timeline (logged client → server): /check draws them as a crash and a
 * restart of the server's lane rather than as messages.
 */
export const CHECKER_STEPS = {
  kill: 'kill -9 the server’s process group (the provider has charged)',
  restart: 'start the server again on the same port',
} as const
