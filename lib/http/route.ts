// The one wrapper every route handler under app/api goes through. A route states
// what it needs as options; the wrapper runs the checks in one fixed order and
// hands the handler what they found, so the handler only calls lib/ or db/:
//
//   1. problems on throw: an unexpected exception is a 500 problem (never an HTML
//      page or a stack trace for a curl client); the details go to the log. A lost
//      database connection is a 503 with Retry-After instead (thrown.ts).
//   2. the caller (`caller`): who is asking, when the route authenticates (the
//      payments API's bearer key, 401). First, because the account is the subject
//      of that route's rate limit.
//   3. same origin (`sameOrigin`, on every route that writes): 403 for a request
//      another site's browser sent.
//   4. the rate limit (`limit`): 429 with Retry-After; a refusal takes nothing.
//   5. the size-capped body (`body`): JSON content type (415), size (413), UTF-8
//      JSON (400) — or the text, for a caller that parses it itself.
//   6. the zod schema (`schema`): 400, answered as `invalid` says.
//   7. the study context (`study`): the study database, "now" and the learner, as
//      lib/study-context.ts finds them (`study.read`, `study.write`). Last, so a refused
//      request stores no learner. Passed in rather than imported: lib/http reads no
//      database, so proxy.ts and the payments API use it without the study side.
import type { z } from 'zod'
import { readJsonBody, readJsonText } from './body'
import { rateLimit, refuseCrossOrigin } from './edge'
import { issueText } from './issues'
import type { LimitName } from './limits'
import { type Checked, type ProblemCode, problemResponse, type Refusal, refusal } from './problems'
import { answerThrown } from './thrown'

/** One draw from a named limit; `subject` defaults to the learner in the cookie, `cost` to 1. */
export interface LimitTake {
  name: LimitName
  subject?: string | null
  cost?: number
}

type Issues = z.core.$ZodIssue[]

/** A body that fails its schema: this problem code with the issues as its detail, or a response of the route's own. */
export type InvalidBody = ProblemCode | ((issues: Issues) => Response)

export type BodySpec =
  /** The parsed JSON body, at most `json` bytes. */
  | { json: number }
  /** The JSON body as text, at most `text` bytes (the route parses it itself). */
  | { text: number }

type BodyOf<Body, Schema> = Schema extends z.ZodType
  ? z.output<Schema>
  : Body extends { text: number }
    ? string
    : Body extends { json: number }
      ? unknown
      : undefined

export interface RouteOptions<
  Caller,
  Body extends BodySpec | undefined = undefined,
  Schema extends z.ZodType | undefined = undefined,
  Study extends object = object,
> {
  /** May answer a Promise (the account read from PostgreSQL). */
  caller?: (
    request: Request,
  ) => ({ ok: true } & Caller) | Refusal | Promise<({ ok: true } & Caller) | Refusal>
  sameOrigin?: boolean
  /** A fixed draw, or one that depends on the request and the caller (null: this request draws nothing). */
  limit?: LimitTake | ((request: Request, caller: Caller) => LimitTake | null | Promise<LimitTake | null>)
  body?: Body
  /** Checks the body the `body` step read. */
  schema?: Schema
  /** How a body that fails `schema` is answered (default: `malformed-body` with the issues). */
  invalid?: InvalidBody
  /** What the handler acts on beyond the request (lib/study-context `study.read` / `study.write`), spread into its call. */
  study?: () => Promise<Study>
}

/** What the checks found, for the handler. */
export type RouteCall<Caller, Body, Schema, Study extends object = object> = {
  request: Request
  caller: Caller
  body: BodyOf<Body, Schema>
} & Study

/**
 * `export const POST = route({ sameOrigin: true, limit: { name: 'import' }, body: { json: BYTES } },
 * async ({ body }) => …)`. The second argument is Next's route context (`{ params }`), passed through.
 */
export function route<
  Caller = undefined,
  Body extends BodySpec | undefined = undefined,
  Schema extends z.ZodType | undefined = undefined,
  Context = unknown,
  Study extends object = object,
>(
  options: RouteOptions<Caller, Body, Schema, Study>,
  handler: (call: RouteCall<Caller, Body, Schema, Study>, context: Context) => Response | Promise<Response>,
  // Next always passes the context; it is optional so a test can call a handler with a request alone.
): (request: Request, context?: Context) => Promise<Response> {
  return async (request, context) => {
    try {
      const admitted = await admit(request, options)
      if (!admitted.ok) return admitted.response
      return await handler(admitted.call, context as Context)
    } catch (error) {
      return answerThrown(request, error)
    }
  }
}

async function admit<
  Caller,
  Body extends BodySpec | undefined,
  Schema extends z.ZodType | undefined,
  Study extends object,
>(
  request: Request,
  options: RouteOptions<Caller, Body, Schema, Study>,
): Promise<Checked<{ call: RouteCall<Caller, Body, Schema, Study> }>> {
  let caller = undefined as Caller
  if (options.caller) {
    const found = await options.caller(request)
    if (!found.ok) return found
    caller = found
  }
  if (options.sameOrigin) {
    const refused = refuseCrossOrigin(request)
    if (refused) return refusal(refused)
  }
  const take = typeof options.limit === 'function' ? await options.limit(request, caller) : options.limit
  if (take) {
    const limited = await rateLimit(take.name, request, { subject: take.subject, cost: take.cost })
    if (limited) return refusal(limited)
  }
  const read = await readBody(request, options.body)
  if (!read.ok) return read
  const checked = options.schema ? checkBody(read.value, options.schema, options.invalid) : read
  if (!checked.ok) return checked
  const study = options.study ? await options.study() : ({} as Study)
  return { ok: true, call: { ...study, request, caller, body: checked.value as BodyOf<Body, Schema> } }
}

async function readBody(request: Request, spec: BodySpec | undefined): Promise<Checked<{ value: unknown }>> {
  if (spec === undefined) return { ok: true, value: undefined }
  return 'text' in spec ? readJsonText(request, spec.text) : readJsonBody(request, spec.json)
}

function checkBody(
  value: unknown,
  schema: z.ZodType,
  invalid: InvalidBody = 'malformed-body',
): Checked<{ value: unknown }> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return { ok: true, value: parsed.data }
  const issues = parsed.error.issues
  return refusal(
    typeof invalid === 'function' ? invalid(issues) : problemResponse(invalid, issueText(issues)),
  )
}
