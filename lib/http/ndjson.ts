// A long request that reports as it goes (FSRS Optimize, an Anki import): when the client
// asks for `Accept: application/x-ndjson`, the answer is a stream of JSON lines — progress
// lines while the work runs, then one last line (the result, or a problem) — and closing
// the stream (Cancel, a closed tab) aborts the signal the work was given.

export const NDJSON_TYPE = 'application/x-ndjson'

export function wantsNdjson(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes(NDJSON_TYPE)
}

export interface NdjsonWork {
  /** Aborted when the client goes away (the request's own signal, or the stream closed). */
  signal: AbortSignal
  /** Sends one line now (a progress line); a line sent after the client left is dropped. */
  send: (line: unknown) => void
}

/** Streams `work`'s progress lines, then the line it resolves to. */
export function ndjsonResponse(request: Request, work: (io: NdjsonWork) => Promise<unknown>): Response {
  const abort = new AbortController()
  request.signal.addEventListener('abort', () => abort.abort(), { once: true })
  const encoder = new TextEncoder()
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: unknown) => {
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`))
        } catch {
          // the reader went away: cancel() below has aborted the work
        }
      }
      send(await work({ signal: abort.signal, send }))
      try {
        controller.close()
      } catch {
        // already cancelled
      }
    },
    cancel() {
      abort.abort()
    },
  })
  return new Response(stream, {
    headers: { 'content-type': `${NDJSON_TYPE}; charset=utf-8`, 'cache-control': 'no-store' },
  })
}
