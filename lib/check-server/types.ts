// The report's shape: what `--json` writes and /check opens. Versioned: /check reads the versions
// it knows and refuses any other in one sentence. A failure names the engine's invariant it breaks
// (I1–I8, named as the sandbox names them) beside the checker's own `violation`; each timeline
// event says what it is (`kind`, and the status of an answer) so /check draws it without reading
// the sentence in `what`, which is only shown.
import { INVARIANTS, type InvariantId } from '@/lib/engine/client'

/** Version 1 is the first report with a version field (earlier ones carried text-only timelines). */
export const REPORT_VERSION = 1

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

/** What a timeline event is: the checker's requests, the server's answers, the provider's side, the checker's own steps. */
export const TIMELINE_KINDS = [
  'request',
  'retry',
  'duplicate',
  'response',
  'no-answer',
  'provider-call',
  'provider-deduped',
  'provider-answer',
  'provider-dropped',
  'kill',
  'restart',
] as const
export type TimelineKind = (typeof TIMELINE_KINDS)[number]

export interface TimelineEvent {
  atMs: number
  from: 'client' | 'server' | 'provider'
  to: 'client' | 'server' | 'provider'
  kind: TimelineKind
  /** The HTTP status of a `response` or `provider-answer`. */
  status?: number
  /** The event in a sentence, for people (shown, never parsed). */
  what: string
}

export const VIOLATIONS = [
  'double-charge',
  'not-settled',
  'wrong-status',
  'not-replayed',
  'leaked-across-accounts',
  'not-charged',
] as const
export type CheckViolation = (typeof VIOLATIONS)[number]

export interface CheckResult {
  id: CheckId
  verdict: 'pass' | 'fail' | 'skipped'
  /** The checker's own word for what went wrong (VIOLATIONS; a report's file may say anything: shown as text). */
  violation: string | null
  /** The engine's invariant the failure breaks (null unless it failed). */
  invariant: InvariantId | null
  /** Its name as the sandbox shows it (`single effect`). */
  invariantName: string | null
  reason: string
  timeline: TimelineEvent[]
}

export interface Report {
  version: typeof REPORT_VERSION
  target: string
  seed: number
  checks: CheckResult[]
}

/** The invariant each check guards when it fails on a status (a wrong answer is a broken promise of its own). */
const GUARDS: Record<CheckId, InvariantId> = {
  'missing-key': 'I1',
  'first-attempt': 'I4',
  replay: 'I2',
  'changed-body': 'I8',
  'concurrent-duplicates': 'I1',
  'in-flight': 'I2',
  'lost-response': 'I7',
  'provider-timeout': 'I7',
  scope: 'I6',
  'crash-after-charge': 'I5',
}

/** Each violation as the engine's invariant: most name one; a wrong status breaks what its check guards. */
const BREAKS: Record<Exclude<CheckViolation, 'wrong-status'>, InvariantId> = {
  'double-charge': 'I1',
  'not-replayed': 'I2',
  'not-charged': 'I3',
  'not-settled': 'I5',
  'leaked-across-accounts': 'I6',
}

export function invariantOf(
  check: CheckId,
  violation: CheckViolation,
): { invariant: InvariantId; invariantName: string } {
  const invariant = violation === 'wrong-status' ? GUARDS[check] : BREAKS[violation]
  return { invariant, invariantName: INVARIANTS[invariant] }
}

/**
 * The checker's own steps on a timeline (logged client → server): /check draws them as a crash and a
 * restart of the server's lane rather than as messages.
 */
export const CHECKER_STEPS = {
  kill: 'kill -9 the server’s process group (the provider has charged)',
  restart: 'start the server again on the same port',
} as const
