import { expect, test } from 'vitest'
import { microphoneProblem } from './microphone-problem'

const named = (name: string) => Object.assign(new Error('x'), { name })

test('each way the microphone fails gets one plain line, and the review goes on', () => {
  expect(microphoneProblem(named('NotAllowedError'))).toBe(
    'Microphone access was denied, so this answer is not recorded; the review goes on as usual.',
  )
  expect(microphoneProblem(named('NotFoundError'))).toMatch(/^No microphone was found/)
  expect(microphoneProblem(named('NotReadableError'))).toMatch(/^The microphone could not start/)
  expect(microphoneProblem('weird')).toMatch(/^The microphone could not start/)
  for (const name of ['NotAllowedError', 'NotFoundError', 'AbortError'])
    expect(microphoneProblem(named(name))).not.toContain('\n')
})
