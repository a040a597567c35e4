// The checker's HTTP client: one POST /payments, with a way to drop the connection early.
import http from 'node:http'

export interface Sent {
  key?: string
  account: string
  body: string
}

export interface Answer {
  status: number
  body: string
  retryAfter?: string
}

/** Resolves with the answer, or null when the connection dropped (or `drop` fired first). */
export function post(base: string, sent: Sent, drop?: Promise<void>): Promise<Answer | null> {
  return new Promise((resolve) => {
    const url = new URL('/payments', base)
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${sent.account}`,
      'content-length': String(Buffer.byteLength(sent.body)),
    }
    if (sent.key !== undefined) headers['idempotency-key'] = sent.key
    const req = http.request(url, { method: 'POST', headers, agent: false }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c) => {
        text += c
      })
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: text,
          retryAfter: res.headers['retry-after'] as string | undefined,
        }),
      )
      res.on('error', () => resolve(null))
    })
    req.on('error', () => resolve(null))
    req.setTimeout(35_000, () => req.destroy())
    void drop?.then(() => {
      req.destroy()
      resolve(null)
    })
    req.end(sent.body)
  })
}
