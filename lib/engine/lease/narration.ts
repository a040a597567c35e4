// The lease trace's sentences, one place (like sim/narration.ts for payments).
import { clockLabel } from '../clock-label'

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`)
export const clientName = (id: string) => id.replace(/^client-/, 'client ')

export const leaseSay = {
  acquire: (client: string, lock: string, attempt: number) =>
    `${clientName(client)} asks for the lock "${lock}"${attempt > 1 ? ` (attempt ${attempt})` : ''}`,
  granted: (clock: string, client: string, token: number, untilMs: number | null) =>
    `grants the lock to ${clientName(client)} with token ${token}, ${
      untilMs === null ? 'held until released' : `lease until ${clockLabel(clock, untilMs)}`
    }`,
  refused: (clock: string, client: string, holder: string, token: number, untilMs: number | null) =>
    `refuses ${clientName(client)}: ${clientName(holder)} holds it with token ${token} ${
      untilMs === null ? 'until it releases it' : `(lease until ${clockLabel(clock, untilMs)})`
    }`,
  expired: (clock: string, holder: string, token: number, untilMs: number, boundMs: number) =>
    `the lease of token ${token} (${clientName(holder)}) ran out at ${clockLabel(clock, untilMs)}${
      boundMs > 0 ? ` and the ${seconds(boundMs)} clock bound is over` : ''
    }: the lock is free`,
  checkOk: (client: string, leftMs: number, write: number) =>
    `${clientName(client)}'s own clock says its lease has ${seconds(leftMs)} left: it goes ahead with write ${write}`,
  checkLost: (client: string) =>
    `${clientName(client)}'s own clock says its lease ran out: it stops writing and asks for the lock again`,
  writeSent: (client: string, token: number | undefined, write: number, delayMs: number) =>
    `${clientName(client)} sends write ${write} ${
      token === undefined ? 'without a token (its own clock says the lease holds)' : `with token ${token}`
    }${delayMs > 0 ? `; the network holds it ${seconds(delayMs)} in flight` : ''}`,
  accepted: (client: string, token: number, newest: number | null, fenced: boolean) =>
    newest !== null && token < newest
      ? `accepts ${clientName(client)}'s write from token ${token} though it took token ${newest}'s before${
          fenced ? '' : ' (it does not check tokens)'
        }: a holder whose lease ran out overwrote the new one`
      : `accepts ${clientName(client)}'s write with token ${token}${fenced ? ' (the highest so far)' : ''}`,
  refusedWrite: (client: string, token: number, highest: number) =>
    `refuses ${clientName(client)}'s write: token ${token} is lower than ${highest}, the highest it accepted`,
  stops: (client: string) => `${clientName(client)} learns its lock is gone and stops`,
  renew: (client: string, token: number) => `${clientName(client)} renews its lease (token ${token})`,
  renewed: (clock: string, client: string, untilMs: number) =>
    `renews ${clientName(client)}'s lease until ${clockLabel(clock, untilMs)}`,
  renewRefused: (client: string, token: number) =>
    `refuses to renew token ${token}: ${clientName(client)} no longer holds the lock`,
  release: (client: string, token: number) => `${clientName(client)} releases the lock (token ${token})`,
  released: (token: number) => `frees the lock: token ${token} released`,
  releaseIgnored: (token: number) => `ignores the release of token ${token}: the lock has moved on`,
  gaveUp: (client: string, attempts: number) => `${clientName(client)} gives up after ${attempts} attempts`,
  pause: (client: string, forMs: number) =>
    `${clientName(client)} pauses for ${seconds(forMs)} (a garbage-collection stop): nothing it does runs`,
  resume: (client: string) => `${clientName(client)} wakes up, unaware that any time passed`,
  crash: (client: string, token: number | null) =>
    `${clientName(client)} crashes${token === null ? '' : ` holding token ${token}; it never releases it`}`,
  drift: (client: string, ratePercent: number) =>
    `${clientName(client)}'s clock runs ${ratePercent < 100 ? 'slow' : 'fast'}: ${ratePercent}% of real time`,
  truncated: () => 'the run hit the simulator’s event limit and stopped here',
}
