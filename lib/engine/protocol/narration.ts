// The trace's sentences, kept apart from the logic: each step says what happened by
// calling one of these. Flaw modules keep their own sentences next to their steps.
import type { KeyRow, KeyStatus, ResourceState } from '../store-port'

/** Long keys shortened for the trace ('3f9c2a1b…'). */
export const short = (key: string) => (key.length > 12 ? `${key.slice(0, 8)}…` : key)

export const say = {
  invalidBody: () => 'the body fails validation: 400, nothing stored, nothing charged',
  invalidRefundBody: () => 'the refund body fails validation: 400, nothing stored',
  noSuchPayment: (paymentId: number, accountId: number) =>
    `no payment ${paymentId} for account ${accountId}: 404, nothing stored`,
  refundRejected: (status: number) => `refund rejected (${status}): nothing stored, nothing refunded`,

  // the claim
  expiredRowReplaced: (key: string) =>
    `the old row for ${short(key)} was past its TTL: this request starts a new intent`,
  claimInserted: (key: string) =>
    `server inserts the claim for ${short(key)}: no row existed, so this is the first attempt`,
  claimCommitted: (key: string) =>
    `claim committed before any side effect: ${short(key)} in_progress, empty response`,

  // a key that already exists
  mismatch: (key: string) =>
    `the insert conflicts and the stored hash differs: ${short(key)} was used for another request → 422, row unchanged`,
  replay: (row: KeyRow, requestId: string, waited: boolean) =>
    waited
      ? `the first request completed while ${requestId} waited: it returns the stored ${row.response_status}`
      : `retry finds the completed key and replays ${row.response_status}`,
  pendingAnswer: (key: string) =>
    `retry finds ${short(key)} pending_unknown: answer the current state (202), charge nothing`,
  leaseTakeover: (key: string) =>
    `the lease on ${short(key)} has expired: this retry takes the row over and resumes`,
  leaseTakenOver: (key: string) => `lease taken over: ${short(key)} stays in_progress under a new lease`,
  waiting: (key: string, maxWaitMs: number) =>
    `${short(key)} is in_progress: wait up to ${maxWaitMs} ms for the first request's result`,
  inFlight: (key: string, retryAfterS: number) =>
    `${short(key)} is still in_progress: 409, retry after ${retryAfterS} s`,

  // the provider and the completing transaction
  charge: (amount: number, currency: string, providerKey: string | null) =>
    providerKey === null
      ? `server asks the provider to charge ${amount} ${currency} without an idempotency key`
      : `server asks the provider to charge ${amount} ${currency} under our key ${providerKey}`,
  chargeTimeout: () => 'the provider call times out: the charge may or may not exist (unknown outcome)',
  providerDown: () =>
    'the provider is down: the payment is held as pending and retried later under the same key',
  paymentCommitted: (
    paymentId: number,
    key: string,
    state: ResourceState,
    status: number,
    settled: boolean,
  ) =>
    state === 'pending_unknown'
      ? `one transaction records payment ${paymentId} and ${short(key)} as pending_unknown (202 stored)`
      : settled
        ? `one transaction settles payment ${paymentId} as ${state} and marks ${short(key)} completed with the stored ${status}`
        : `one transaction writes payment ${paymentId} and marks ${short(key)} completed with the stored ${status}`,
  leaseLost: (key: string) =>
    `this attempt lost its lease on ${short(key)} to another attempt: it writes nothing and answers from the row`,

  // refunds
  refundCall: (amount: number, chargeId: string | null) =>
    `server asks the provider to refund ${amount} of charge ${chargeId}`,
  refundTimeout: () => 'the refund call times out: the refund may or may not exist',
  refundCommitted: (refundId: number, key: string, status: KeyStatus) =>
    `one transaction writes refund ${refundId} and marks ${short(key)} ${status}`,

  // sweeps and the webhook
  leaseRecoveryFinds: (n: number) => `lease recovery finds ${n} in_progress key(s) past their lease`,
  sweepTakeover: (key: string) =>
    `the sweep takes over ${short(key)} and re-drives it with the same provider key`,
  sweepTakenOver: (key: string) =>
    `lease taken over by the sweep: ${short(key)} in_progress under a new lease`,
  reconciliationFinds: (n: number) => `reconciliation finds ${n} pending_unknown key(s) to settle`,
  lookup: (
    providerKey: string,
    outcome: 'succeeded' | 'declined' | 'not-found' | 'unavailable',
    chargeId?: string,
  ) =>
    outcome === 'succeeded'
      ? `asked under our key ${providerKey}, the provider says charge ${chargeId} succeeded`
      : outcome === 'declined'
        ? `asked under our key ${providerKey}, the provider says the card was declined`
        : outcome === 'not-found'
          ? `asked under our key ${providerKey}, the provider has no such charge: it is safe to send it again under the same key`
          : 'the provider cannot answer the lookup yet: the key stays pending_unknown',
  reaperFinds: (n: number) => `the reaper finds ${n} completed key(s) past their TTL`,
  reaped: (key: string) => `the reaper purges ${short(key)}: a later request with it is a new intent`,
  keysDeleted: (n: number) => `${n} expired key(s) deleted`,
  webhookIgnored: (providerKey: string) =>
    `a webhook for ${providerKey} arrives, but nothing is pending under it: ignored`,
  webhook: (providerKey: string, outcome: string) =>
    `the provider's webhook says the charge under ${providerKey} ${outcome}`,
}
