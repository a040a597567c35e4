// What the checker reports: a named invariant, a sentence a learner can read, and
// the event that broke it (so the timeline can step straight to it).

export const INVARIANTS = {
  I1: 'single effect',
  I2: 'no divergence',
  I3: 'conservation',
  I4: 'atomic completion',
  I5: 'liveness',
  I6: 'isolation',
  I7: 'no blind retry',
  I8: 'one key, one intent',
} as const
export type InvariantId = keyof typeof INVARIANTS

/** What each invariant promises, in the words a candidate would say it in an interview. */
export const INVARIANT_GISTS: Readonly<Record<InvariantId, string>> = {
  I1: 'one charge per intent',
  I2: 'every retry gets the same answer',
  I3: 'money taken equals payments recorded',
  I4: 'a key completes together with its payment and response',
  I5: 'no key stays stuck in progress',
  I6: 'no response reaches another account',
  I7: 'an unknown outcome is asked about, never charged again',
  I8: 'a reused key never stands for another payment',
}

export interface Violation {
  id: InvariantId
  name: (typeof INVARIANTS)[InvariantId]
  message: string
  /** Index into trace.events of the event that broke it. */
  eventIndex: number
}

/** Not a violation, but worth saying (e.g. "a retry after expiry is a new intent"). */
export interface CheckNote {
  message: string
  eventIndex: number
}

export function violation(id: InvariantId, message: string, eventIndex: number): Violation {
  return { id, name: INVARIANTS[id], message, eventIndex }
}
