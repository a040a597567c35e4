// The lease protocol's names, client-safe and import-free: its flaws (each a switch the
// sandbox shows, with the scenario that breaks an invariant with only that flaw on), its
// faults and its invariants (L1–L3, reported like the payment engine's I1–I8).

export const LEASE_FLAW_CATALOGUE = [
  {
    id: 'no-fencing',
    label: 'Ignore fencing tokens',
    hint: 'The storage accepts any write, whatever its token: a holder whose lease ran out can still overwrite the new holder.',
    scenario: 'lease-gc-pause',
  },
  {
    id: 'local-clock-lease',
    label: 'Trust the local clock',
    hint: 'The client decides on its own clock that its lease still runs and writes without a token, so the storage cannot check it.',
    scenario: 'lease-slow-clock',
  },
  {
    id: 'no-lease-expiry',
    label: 'No lease expiry',
    hint: 'The lock service holds a lock until its holder releases it: a holder that died keeps it for good.',
    scenario: 'lease-holder-crash',
  },
] as const

export type LeaseFlawEntry = (typeof LEASE_FLAW_CATALOGUE)[number]
export type LeaseFlaw = LeaseFlawEntry['id']
export const LEASE_FLAWS = LEASE_FLAW_CATALOGUE.map((row) => row.id) as [LeaseFlaw, ...LeaseFlaw[]]

export function leaseFlawEntry(id: string): LeaseFlawEntry | undefined {
  return LEASE_FLAW_CATALOGUE.find((row) => row.id === id)
}

/** The faults a lease scenario can inject (see lease/run.ts's header for what each does). */
export const LEASE_FAULT_KINDS = ['pause', 'crash', 'delay', 'clock'] as const
export type LeaseFaultKind = (typeof LEASE_FAULT_KINDS)[number]

/** The messages a `delay` fault can hold up in flight. */
export const LEASE_MESSAGES = ['acquire', 'write', 'renew', 'release'] as const
export type LeaseMessage = (typeof LEASE_MESSAGES)[number]

export const LEASE_INVARIANTS = {
  L1: 'fenced writes',
  L2: 'lease recovery',
  L3: 'growing tokens',
} as const
export type LeaseInvariantId = keyof typeof LEASE_INVARIANTS

/** What each invariant promises, in the words a candidate would say it. */
export const LEASE_INVARIANT_GISTS: Readonly<Record<LeaseInvariantId, string>> = {
  L1: 'the storage never takes a write from an older token after a newer one',
  L2: "a dead holder's lock is granted again once its lease and the clock bound are over",
  L3: 'every grant carries a larger token than the one before',
}

export interface LeaseViolation {
  id: LeaseInvariantId
  name: (typeof LEASE_INVARIANTS)[LeaseInvariantId]
  message: string
  /** Index into trace.events of the event that broke it. */
  eventIndex: number
}

export function leaseViolation(id: LeaseInvariantId, message: string, eventIndex: number): LeaseViolation {
  return { id, name: LEASE_INVARIANTS[id], message, eventIndex }
}
