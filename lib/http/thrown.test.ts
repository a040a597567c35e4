// Goal (issue 45): a lost or refused database connection is told apart from a bug — 503 with
// Retry-After and one log line naming the path, where anything else stays a 500.
import { afterEach, expect, test, vi } from 'vitest'
import { answerThrown, connectionLostCode } from './thrown'

afterEach(() => vi.restoreAllMocks())

const withCode = (code: string, message = 'boom') => Object.assign(new Error(message), { code })

test('PostgreSQL ending the connection, a connection exception, a reset socket, the driver’s own words', () => {
  expect(connectionLostCode(withCode('57P01'))).toBe('57P01')
  expect(connectionLostCode(withCode('57P02'))).toBe('57P02')
  expect(connectionLostCode(withCode('57P03'))).toBe('57P03')
  expect(connectionLostCode(withCode('08006'))).toBe('08006')
  expect(connectionLostCode(withCode('ECONNRESET'))).toBe('ECONNRESET')
  expect(connectionLostCode(withCode('ECONNREFUSED'))).toBe('ECONNREFUSED')
  expect(connectionLostCode(new Error('Connection terminated unexpectedly'))).toBe('connection-lost')
  expect(connectionLostCode(new Error('timeout exceeded when trying to connect'))).toBe('connection-lost')
  expect(connectionLostCode(new Error('wrapped', { cause: withCode('57P01') }))).toBe('57P01')
})

test('anything else is not a lost connection: a unique violation, a bug, a thrown string', () => {
  expect(connectionLostCode(withCode('23505'))).toBeNull()
  expect(connectionLostCode(withCode('40001'))).toBeNull()
  expect(connectionLostCode(new TypeError('x is undefined'))).toBeNull()
  expect(connectionLostCode('nope')).toBeNull()
  expect(connectionLostCode(undefined)).toBeNull()
})

test('a lost connection: 503 problem+json with Retry-After, one line naming the method and path', async () => {
  const lines: unknown[][] = []
  vi.spyOn(console, 'error').mockImplementation((...args) => void lines.push(args))
  const request = new Request('http://127.0.0.1/api/payments?x=1', { method: 'POST' })
  const response = answerThrown(
    request,
    withCode('57P01', 'terminating connection due to administrator command'),
  )
  expect(response.status).toBe(503)
  expect(response.headers.get('content-type')).toBe('application/problem+json')
  expect(response.headers.get('retry-after')).toBe('1')
  expect(await response.json()).toMatchObject({ type: '/problems/database-unavailable', retryAfterS: 1 })
  expect(lines).toEqual([
    [
      '[api] database connection lost on POST /api/payments: 57P01 terminating connection due to administrator command',
    ],
  ])
})

test('anything else: 500 internal-error, the details logged', async () => {
  const lines: unknown[][] = []
  vi.spyOn(console, 'error').mockImplementation((...args) => void lines.push(args))
  const response = answerThrown(new Request('http://127.0.0.1/api/x'), new TypeError('bug'))
  expect(response.status).toBe(500)
  expect(response.headers.get('retry-after')).toBeNull()
  expect(lines[0]?.[0]).toBe('[api] unexpected error')
})
