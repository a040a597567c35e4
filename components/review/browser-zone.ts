// The browser's IANA time zone, read in a throwaway worker. A page's first Intl.DateTimeFormat
// initialises ICU's date data: 50–100 ms on this machine, ×4 on Lighthouse's phone, which on a
// first visit to /, /settings or /review landed on the main thread while the page hydrated (and on
// a grade's press, which carries the zone). In a worker it costs the main thread ~2 ms (ICU's data
// is per process: later Intl calls are cheap).
// A blob: worker is allowed by the page CSP (worker-src 'self' blob:); wherever a worker cannot
// start or answer, the zone is read on the main thread as before.
const SOURCE = 'postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone)'

const onMainThread = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

let read: Promise<string> | undefined

/** Read once per page (a zone that changes while the page is open is picked up by the next page). */
export function browserTimezone(): Promise<string> {
  read ??= inWorker()
  return read
}

function inWorker(): Promise<string> {
  if (typeof Worker === 'undefined') return Promise.resolve(onMainThread())
  return new Promise((resolve) => {
    let url = ''
    let worker: Worker | undefined
    const done = (zone: string) => {
      worker?.terminate()
      URL.revokeObjectURL(url)
      resolve(zone)
    }
    try {
      url = URL.createObjectURL(new Blob([SOURCE], { type: 'text/javascript' }))
      worker = new Worker(url)
    } catch {
      return done(onMainThread())
    }
    worker.onmessage = (event: MessageEvent<unknown>) =>
      done(typeof event.data === 'string' && event.data !== '' ? event.data : onMainThread())
    worker.onerror = () => done(onMainThread())
  })
}
