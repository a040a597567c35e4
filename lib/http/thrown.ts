// What a route answers when its handler throws (lib/http/route.ts's last step). A database
// connection that was cut or cannot be made — PostgreSQL ending it (57P01 admin shutdown, 57P02
// crash shutdown, 57P03 cannot connect now), a connection exception (class 08), a reset socket,
// a pool that cannot connect — is not a bug: the request is answered 503 problem+json with
// Retry-After, which a client retries safely (a payment under the same Idempotency-Key), and the
// log gets one line naming the path, no stack. Anything else is a 500 with the details logged.
import { problemResponse } from './problems'

/** Seconds a client waits before retrying a request a lost connection cut short. */
export const CONNECTION_LOST_RETRY_AFTER_S = 1

const SERVER_ENDED = new Set(['57P01', '57P02', '57P03'])
const SOCKET_ERRORS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTCONN',
  'EHOSTUNREACH',
])
// node-postgres says these in words, with no code.
const DRIVER_WORDS = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection closed',
]

/** The code of a lost or refused database connection (`'57P01'`, `'ECONNRESET'`, …), else null. */
export function connectionLostCode(error: unknown): string | null {
  for (let cause = error, depth = 0; cause && depth < 4; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown }
    if (
      typeof code === 'string' &&
      (SERVER_ENDED.has(code) || code.startsWith('08') || SOCKET_ERRORS.has(code))
    )
      return code
    if (typeof message === 'string' && DRIVER_WORDS.some((words) => message.includes(words)))
      return 'connection-lost'
    cause = (cause as { cause?: unknown }).cause
  }
  return null
}

const INTERNAL_ERROR_DETAIL = 'Something broke on our side. Retrying with the same Idempotency-Key is safe.'

export function answerThrown(request: Request, error: unknown): Response {
  const code = connectionLostCode(error)
  if (code === null) {
    console.error('[api] unexpected error', error)
    return problemResponse('internal-error', INTERNAL_ERROR_DETAIL)
  }
  const message = error instanceof Error ? error.message : String(error)
  console.error(
    `[api] database connection lost on ${request.method} ${new URL(request.url).pathname}: ${code} ${message}`,
  )
  return problemResponse(
    'database-unavailable',
    `The database connection was lost; retry in ${CONNECTION_LOST_RETRY_AFTER_S} s (with the same Idempotency-Key, a payment is safe to retry).`,
    {
      extra: { retryAfterS: CONNECTION_LOST_RETRY_AFTER_S },
      headers: { 'retry-after': String(CONNECTION_LOST_RETRY_AFTER_S) },
    },
  )
}
