// The function-length check must pass on the simulator, flag a function one line over its limit, apply
// each folder its own limit, and count a component's inner handlers and JSX as its own lines. The whole
// tree (app/, components/, lib/ at 150) is held by check-imports.ts in npm test's first phase.

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  checkFunctionLengthRules,
  checkFunctionLengths,
  longFunctionsIn,
  MAX_APP_FUNCTION_LINES,
  MAX_FUNCTION_LINES,
} from './check-function-length'

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

  it('counts a component from its declaration to its closing line, JSX and inner handlers included', () => {
    const jsx = Array.from({ length: 5 }, (_, i) => `      <p>{${i}}</p>`).join('\n')
    const text = [
      'export function Panel() {',
      '  const onClick = () => {',
      '    go()',
      '  }',
      '  return (',
      '    <div onClick={onClick}>',
      jsx,
      '    </div>',
      '  )',
      '}',
    ].join('\n')
    expect(longFunctionsIn('x.tsx', text, 14)).toEqual([])
    expect(longFunctionsIn('x.tsx', text, 13)).toEqual([{ file: 'x.tsx', name: 'Panel', line: 1, lines: 14 }])
  })

  it('applies each folder its own limit and leaves tests out', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'function-length-'))
    try {
      fs.mkdirSync(path.join(dir, 'lib/engine/sim'), { recursive: true })
      fs.mkdirSync(path.join(dir, 'components'), { recursive: true })
      fs.writeFileSync(path.join(dir, 'lib/engine/sim/step.ts'), functionOf('step', MAX_FUNCTION_LINES + 1))
      fs.writeFileSync(path.join(dir, 'components/fits.tsx'), functionOf('Fits', MAX_APP_FUNCTION_LINES))
      fs.writeFileSync(path.join(dir, 'components/long.tsx'), functionOf('Long', MAX_APP_FUNCTION_LINES + 1))
      fs.writeFileSync(path.join(dir, 'components/long.test.tsx'), functionOf('cases', 400))
      const found = checkFunctionLengthRules(dir).map((f) => [f.file, f.name, f.lines])
      expect(found).toEqual([
        ['lib/engine/sim/step.ts', 'step', MAX_FUNCTION_LINES + 1],
        ['components/long.tsx', 'Long', MAX_APP_FUNCTION_LINES + 1],
      ])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
