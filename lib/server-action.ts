// The one wrapper every server action goes through, as route() is for route handlers
// (lib/http/route.ts). An action states what it needs; the wrapper runs the steps in one
// fixed order and hands the handler what they found:
//
//   1. the schema (`schema`, on `input(...args)`, by default the first argument): a bad
//      input is answered by `invalid` and nothing else runs (no learner stored).
//   2. the rate limit (`limit`): a spent limit is answered by its `refused`.
//   3. the study context (lib/study-context.ts, as route()'s `study` and every page get it):
//      the study `Db`, "now", and the learner (`learner`): 'read' (default) the cookie's
//      learner; 'write' the same, stored first (the action is their first write); 'none' for
//      an action that acts for no learner (a preview, redeeming another device's code).
//   4. the handler, with that context, the request headers and the action's own arguments.
import 'server-only'
import { headers as requestHeaders } from 'next/headers'
import type { z } from 'zod'
import { rateLimit } from './http/edge'
import type { LimitName } from './http/limits'
import { type LearnerStep, type StudyContext, studyContext } from './study-context'

export interface ActionOptions<Args extends unknown[], Schema extends z.ZodType | undefined, Result> {
  /** The value `schema` checks, picked from the action's arguments (default: the first). */
  input?: (...args: Args) => unknown
  schema?: Schema
  /** The answer to an input that fails `schema`. */
  invalid?: (issues: z.core.$ZodIssue[]) => Result
  /** One draw from a named limit; `subject` defaults to the learner in the cookie (null: the address only). */
  limit?: { name: LimitName; subject?: string | null; refused: Result }
  learner?: LearnerStep
}

/** What the steps found, for the handler. */
export type ActionCall<Input, Learner extends LearnerStep> = {
  input: Input
  headers: Headers
} & StudyContext<Learner>

type InputOf<Schema> = Schema extends z.ZodType ? z.output<Schema> : unknown

/**
 * `export const undoAction = serverAction({ schema, invalid: () => … }, async ({ input, learnerId, db }) => …)`.
 * The handler gets the action's own arguments after the call (a form action's FormData).
 */
export function serverAction<
  Args extends unknown[],
  Result,
  Schema extends z.ZodType | undefined = undefined,
  Learner extends LearnerStep = 'read',
>(
  options: ActionOptions<Args, Schema, Result> & { learner?: Learner },
  handler: (call: ActionCall<InputOf<Schema>, Learner>, ...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    const raw = options.input ? options.input(...args) : args[0]
    let input = raw
    if (options.schema) {
      const parsed = options.schema.safeParse(raw)
      if (!parsed.success) {
        if (!options.invalid) throw new Error('serverAction: a schema needs its `invalid` answer')
        return options.invalid(parsed.error.issues)
      }
      input = parsed.data
    }
    const headers = await requestHeaders()
    if (options.limit) {
      const { name, subject, refused } = options.limit
      if (await rateLimit(name, { headers }, subject === undefined ? {} : { subject })) return refused
    }
    const context = await studyContext(options.learner ?? ('read' as Learner))
    return handler({ ...context, input, headers } as ActionCall<InputOf<Schema>, Learner>, ...args)
  }
}
