// The function-length check must pass on the simulator and flag a function one line over the limit.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkFunctionLengths, longFunctionsIn, MAX_FUNCTION_LINES } from './check-function-length'

const root = path.resolve(__dirname, '..')

/** A function whose declaration-to-closing-brace span is `lines` lines. */
const functionOf = (name: string, lines: number) =>
  [`function ${name}() {`, ...Array.from({ length: lines - 2 }, (_, i) => `  const a${i} = ${i}`), '}'].join(
    '\n',
  )

describe('scripts/check-function-length.ts', () => {
  it('holds for lib/engine/sim', () => {
    expect(checkFunctionLengths(root)).toEqual([])
  })

  it(`flags a function of ${MAX_FUNCTION_LINES + 1} lines and not one of ${MAX_FUNCTION_LINES}`, () => {
    const text = [
      '// a leading comment is not counted',
      functionOf('fits', MAX_FUNCTION_LINES),
      functionOf('tooLong', MAX_FUNCTION_LINES + 1),
    ].join('\n')
    expect(longFunctionsIn('x.ts', text)).toEqual([
      { file: 'x.ts', name: 'tooLong', line: MAX_FUNCTION_LINES + 2, lines: MAX_FUNCTION_LINES + 1 },
    ])
  })

  it('names arrows by their variable or the call they are passed to, and counts nested ones on their own', () => {
    const body = Array.from({ length: 4 }, (_, i) => `  f(${i})`).join('\n')
    const text = `const outer = () => {\n  clock.at(1, () => {\n${body}\n  })\n}`
    expect(longFunctionsIn('x.ts', text, 3).map((f) => [f.name, f.lines])).toEqual([
      ['outer', 8],
      ['clock.at callback', 6],
    ])
  })
})
