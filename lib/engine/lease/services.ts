// The lock service and the storage service. The lock service grants a named lock for a
// lease with a fencing token one larger than the last grant's; it takes a lock back once
// the lease and the clock bound are over (never, with `no-lease-expiry`). The storage
// refuses a write whose token is lower than the highest it accepted (any write is taken,
// with `no-fencing`; a write without a token cannot be checked).
import { leaseSay } from './narration'
import { type ClientState, type LeaseWorld, rec } from './world'

const noExpiry = (w: LeaseWorld) => w.flaws.has('no-lease-expiry')

/** When the lock service takes the lock back: the lease's end plus the clock bound. */
const freeAt = (w: LeaseWorld) => w.lock.leaseUntilMs + w.scenario.config.clockBoundMs

/** Frees the lock if its lease (and the clock bound) ran out; says so in the trace. */
export function expireIfDue(w: LeaseWorld): void {
  const { lock } = w
  if (lock.holder === null || lock.token === null || noExpiry(w) || w.nowMs < freeAt(w)) return
  const { clockBoundMs } = w.scenario.config
  rec(w, {
    actor: 'lock',
    kind: 'lease-expired',
    token: lock.token,
    leaseUntilMs: lock.leaseUntilMs,
    detail: leaseSay.expired(w.clockStart, lock.holder, lock.token, lock.leaseUntilMs, clockBoundMs),
  })
  lock.holder = null
  lock.token = null
}

function scheduleExpiry(w: LeaseWorld): void {
  if (noExpiry(w)) return
  w.queue.push(freeAt(w), () => expireIfDue(w))
}

/** The lock service's answer to an acquire: a grant, or a refusal while another lease runs. */
export function serviceAcquire(w: LeaseWorld, c: ClientState): 'granted' | 'refused' {
  expireIfDue(w)
  const { lock } = w
  const id = c.spec.id
  if (lock.holder !== null && lock.holder !== id && lock.token !== null) {
    const until = noExpiry(w) ? null : lock.leaseUntilMs
    rec(w, {
      actor: 'lock',
      kind: 'lock-refused',
      from: 'lock',
      to: id,
      token: lock.token,
      detail: leaseSay.refused(w.clockStart, id, lock.holder, lock.token, until),
    })
    return 'refused'
  }
  const token = lock.lastToken === null ? w.scenario.firstToken : lock.lastToken + 1
  Object.assign(lock, {
    holder: id,
    token,
    lastToken: token,
    leaseUntilMs: w.nowMs + w.scenario.config.leaseMs,
  })
  rec(w, {
    actor: 'lock',
    kind: 'lock-granted',
    from: 'lock',
    to: id,
    token,
    leaseUntilMs: lock.leaseUntilMs,
    detail: leaseSay.granted(w.clockStart, id, token, noExpiry(w) ? null : lock.leaseUntilMs),
  })
  scheduleExpiry(w)
  return 'granted'
}

export function serviceRenew(w: LeaseWorld, c: ClientState, token: number): boolean {
  expireIfDue(w)
  const { lock } = w
  const id = c.spec.id
  if (lock.holder !== id || lock.token !== token) {
    rec(w, {
      actor: 'lock',
      kind: 'renew-refused',
      from: 'lock',
      to: id,
      token,
      detail: leaseSay.renewRefused(id, token),
    })
    return false
  }
  lock.leaseUntilMs = w.nowMs + w.scenario.config.leaseMs
  rec(w, {
    actor: 'lock',
    kind: 'lease-renewed',
    from: 'lock',
    to: id,
    token,
    leaseUntilMs: lock.leaseUntilMs,
    detail: leaseSay.renewed(w.clockStart, id, lock.leaseUntilMs),
  })
  scheduleExpiry(w)
  return true
}

export function serviceRelease(w: LeaseWorld, c: ClientState, token: number): void {
  const { lock } = w
  if (lock.holder === c.spec.id && lock.token === token) {
    lock.holder = null
    lock.token = null
    rec(w, { actor: 'lock', kind: 'lock-released', token, detail: leaseSay.released(token) })
  } else rec(w, { actor: 'lock', kind: 'note', token, detail: leaseSay.releaseIgnored(token) })
}

/**
 * The storage's answer to a write. `holderToken` is the token the writer holds (the
 * checker judges by it); `sentToken` what the write carries (none under `local-clock-lease`).
 */
export function storageWrite(
  w: LeaseWorld,
  c: ClientState,
  holderToken: number,
  sentToken: number | undefined,
): boolean {
  const { storage } = w
  const id = c.spec.id
  const fenced = !w.flaws.has('no-fencing') && sentToken !== undefined
  if (fenced && storage.highest !== null && sentToken < storage.highest) {
    rec(w, {
      actor: 'storage',
      kind: 'write-refused',
      from: 'storage',
      to: id,
      token: holderToken,
      highestToken: storage.highest,
      detail: leaseSay.refusedWrite(id, sentToken, storage.highest),
    })
    return false
  }
  const detail = leaseSay.accepted(id, holderToken, storage.newest, fenced)
  if (fenced) storage.highest = Math.max(storage.highest ?? sentToken, sentToken)
  storage.newest = Math.max(storage.newest ?? holderToken, holderToken)
  storage.accepted++
  rec(w, {
    actor: 'storage',
    kind: 'write-accepted',
    from: 'storage',
    to: id,
    token: holderToken,
    highestToken: storage.highest,
    detail,
  })
  return true
}
