// The clients: acquire the lock, then for each write check the lease on their own clock,
// send the write with their token, and after the last write release the lock; renew
// every `renewEveryMs` when asked to. A refused write or renewal tells a client its lock
// is gone: it stops. Every client timer runs on the client's own clock (a slow clock
// waits longer than it thinks); every message spends `networkMs` (+ a `delay`) in flight.
import type { LeaseMessage } from './catalogue'
import { leaseSay } from './narration'
import { serviceAcquire, serviceRelease, serviceRenew, storageWrite } from './services'
import { afterLocal, atClient, type ClientState, delayOf, type LeaseWorld, localNow, rec } from './world'

/** Sends one message: its arrow at the send, `arrive` on the receiver after the network (and any delay). */
function send(
  w: LeaseWorld,
  c: ClientState,
  message: LeaseMessage,
  event: Parameters<typeof rec>[1],
  arrive: () => void,
): number {
  const nth = ++c.sent[message]
  const delayMs = delayOf(w, c.spec.id, message, nth)
  rec(w, event)
  w.queue.push(w.nowMs + w.scenario.timing.networkMs + delayMs, arrive)
  return delayMs
}

/** A service's answer reaches the client after the network (later if it is paused; never if dead). */
function answer(w: LeaseWorld, c: ClientState, act: () => void): void {
  atClient(w, c, w.nowMs + w.scenario.timing.networkMs, act)
}

export function acquire(w: LeaseWorld, c: ClientState): void {
  const id = c.spec.id
  c.attemptsUsed++
  const sentAtLocal = localNow(c, w.nowMs)
  const detail = leaseSay.acquire(id, w.scenario.lock, c.attemptsUsed)
  send(w, c, 'acquire', { actor: id, kind: 'lock-acquire', from: id, to: 'lock', detail }, () => {
    const outcome = serviceAcquire(w, c)
    const token = w.lock.token
    answer(w, c, () =>
      outcome === 'granted' && token !== null ? onGranted(w, c, token, sentAtLocal) : onRefused(w, c),
    )
  })
}

function onGranted(w: LeaseWorld, c: ClientState, token: number, sentAtLocal: number): void {
  c.token = token
  // Measured from the request's send on its own clock: the earliest the lease can have started.
  c.localLeaseEnd = sentAtLocal + w.scenario.config.leaseMs
  if (c.spec.renewEveryMs !== undefined) scheduleRenew(w, c, token, c.spec.renewEveryMs)
  nextStep(w, c)
}

function onRefused(w: LeaseWorld, c: ClientState): void {
  if (c.attemptsUsed >= c.spec.attempts) {
    c.done = true
    rec(w, { actor: c.spec.id, kind: 'note', detail: leaseSay.gaveUp(c.spec.id, c.attemptsUsed) })
    return
  }
  afterLocal(w, c, c.spec.retryMs, () => acquire(w, c))
}

function nextStep(w: LeaseWorld, c: ClientState): void {
  if (c.writesDone < c.spec.writes) afterLocal(w, c, c.spec.workMs, () => checkLease(w, c))
  else finish(w, c)
}

/** Before a write the client reads its own clock: is its lease still running? */
function checkLease(w: LeaseWorld, c: ClientState): void {
  const token = c.token
  if (token === null || c.done) return
  const id = c.spec.id
  const leftMs = c.localLeaseEnd - localNow(c, w.nowMs)
  if (leftMs <= 0) {
    c.token = null
    rec(w, { actor: id, kind: 'lease-check', token, detail: leaseSay.checkLost(id) })
    if (c.attemptsUsed < c.spec.attempts) acquire(w, c)
    return
  }
  rec(w, { actor: id, kind: 'lease-check', token, detail: leaseSay.checkOk(id, leftMs, c.writesDone + 1) })
  afterLocal(w, c, w.scenario.timing.prepareMs, () => sendWrite(w, c, token))
}

function sendWrite(w: LeaseWorld, c: ClientState, token: number): void {
  if (c.token !== token || c.done) return
  const id = c.spec.id
  const sent = w.flaws.has('local-clock-lease') ? undefined : token
  const write = c.writesDone + 1
  const event = { actor: id, kind: 'write-sent' as const, from: id, to: 'storage', token, detail: '' }
  const nth = c.sent.write + 1
  event.detail = leaseSay.writeSent(id, sent, write, delayOf(w, id, 'write', nth))
  send(w, c, 'write', event, () => {
    const ok = storageWrite(w, c, token, sent)
    answer(w, c, () => (ok ? onWritten(w, c) : stop(w, c)))
  })
}

function onWritten(w: LeaseWorld, c: ClientState): void {
  c.writesDone++
  nextStep(w, c)
}

/** A refused write or renewal: the client has lost the lock. */
function stop(w: LeaseWorld, c: ClientState): void {
  if (c.done) return
  c.done = true
  c.token = null
  rec(w, { actor: c.spec.id, kind: 'note', detail: leaseSay.stops(c.spec.id) })
}

function finish(w: LeaseWorld, c: ClientState): void {
  const token = c.token
  c.done = true
  c.token = null
  if (!c.spec.release || token === null) return
  const id = c.spec.id
  const event = {
    actor: id,
    kind: 'lock-release' as const,
    from: id,
    to: 'lock',
    token,
    detail: leaseSay.release(id, token),
  }
  send(w, c, 'release', event, () => serviceRelease(w, c, token))
}

function scheduleRenew(w: LeaseWorld, c: ClientState, token: number, everyMs: number): void {
  afterLocal(w, c, everyMs, () => {
    if (c.token !== token || c.done) return
    const id = c.spec.id
    const sentAtLocal = localNow(c, w.nowMs)
    const event = {
      actor: id,
      kind: 'lease-renew' as const,
      from: id,
      to: 'lock',
      token,
      detail: leaseSay.renew(id, token),
    }
    send(w, c, 'renew', event, () => {
      const ok = serviceRenew(w, c, token)
      answer(w, c, () => {
        if (!ok) return stop(w, c)
        if (c.token === token) c.localLeaseEnd = sentAtLocal + w.scenario.config.leaseMs
      })
    })
    scheduleRenew(w, c, token, everyMs)
  })
}
