// Turns an unexpected exception in a route into a 500 problem (never an HTML error
// page or a stack trace for a curl client); the details go to the log.
import { problemResponse } from './problems'

export function withProblems<Args extends unknown[]>(
  handler: (...args: Args) => Response | Promise<Response>,
): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args)
    } catch (error) {
      console.error('[api] unexpected error', error)
      return problemResponse(
        'internal-error',
        'Something broke on our side. Retrying with the same Idempotency-Key is safe.',
      )
    }
  }
}
