// Goal (issue 45): the mock's request is written once (its types are the schema's), and zod as the
// browser runs it is jitless: parsing compiles nothing with `new Function`, which the pages' CSP
// (no 'unsafe-eval') would report.
import { afterEach, expect, test } from 'vitest'
import '@/instrumentation-client'
import { type FinishMockRequest, finishMockSchema } from './phase-schema'

const RealFunction = globalThis.Function
afterEach(() => {
  globalThis.Function = RealFunction
})

const request: FinishMockRequest = {
  id: '3f0c9a52-8f1d-4a7b-9c55-0d2a4e6b7c81',
  mainCardId: 'idempotency-keys',
  phases: [
    {
      kind: 'walkthrough',
      cardId: 'idempotency-keys',
      text: 'claim first',
      answerMode: 'typed',
      durationMs: 1000,
      targetMs: 120_000,
    },
  ],
}

test('jitless: parsing a request builds no function from a string', () => {
  let built = 0
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args) {
      built++
      return Reflect.construct(target, args)
    },
    apply(target, self, args) {
      built++
      return Reflect.apply(target, self, args)
    },
  })
  for (let i = 0; i < 3; i++) expect(finishMockSchema.parse(request)).toEqual(request)
  expect(built).toBe(0)
})

test('the inferred request type is the schema’s: an extra field is refused', () => {
  expect(finishMockSchema.safeParse({ ...request, extra: 1 }).success).toBe(false)
})
