// `tsx scripts/check-function-length.ts [--max=N dir…]`: functions longer than their folder's
// limit (FUNCTION_LENGTH_RULES: 70 lines in the simulator, TigerBeetle's TIGER_STYLE limit; 150
// in app/, components/ and lib/, the house rule), found with the TypeScript parser so strings,
// comments and nested closures are counted as the code they are. A function's length runs
// from the line its declaration starts on (leading comments excluded) to its closing line,
// both included; a nested function counts on its own and inside its parent (a component's
// inner handlers are part of its length). Tests are left out: a `describe` block is a list of
// cases, not a step of the program. check-imports.ts runs the rules as part of `npm test`.
// With folders or files named, those are checked against --max (default 150) instead.
// Exit 1 with one line per long function.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'

export const MAX_FUNCTION_LINES = 70
export const FUNCTION_LENGTH_DIRS = ['lib/engine/sim']
/** The house rule's limit outside the simulator. */
export const MAX_APP_FUNCTION_LINES = 150

export interface FunctionLengthRule {
  dirs: readonly string[]
  maxLines: number
  /** Said with each function over the limit. */
  rule: string
}

export const FUNCTION_LENGTH_RULES: readonly FunctionLengthRule[] = [
  {
    dirs: FUNCTION_LENGTH_DIRS,
    maxLines: MAX_FUNCTION_LINES,
    rule: `simulator functions stay ≤ ${MAX_FUNCTION_LINES} lines`,
  },
  {
    dirs: ['app', 'components', 'lib'],
    maxLines: MAX_APP_FUNCTION_LINES,
    rule: `no function in app/, components/ or lib/ over ${MAX_APP_FUNCTION_LINES} lines: split it by what its parts do`,
  },
]

export interface LongFunction {
  file: string
  name: string
  line: number
  lines: number
}

const SOURCE = /\.(ts|tsx|mts|cts)$/
const TEST = /\.test\.tsx?$/

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  if (!fs.statSync(dir).isDirectory()) return SOURCE.test(dir) ? [dir] : []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full)
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [full] : []
  })
}

/**
 * A readable name: the declaration's own, else what it is assigned to, else the call it is
 * passed to (`clock.at callback`), else `<anonymous>`.
 */
function nameOf(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source)
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  const parent = node.parent
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    return parent.name.getText(source)
  if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText(source)} callback`
  return '<anonymous>'
}

/** Every function in one file's text longer than `maxLines`, outermost first. */
export function longFunctionsIn(
  file: string,
  text: string,
  maxLines: number = MAX_FUNCTION_LINES,
): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: LongFunction[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = end - start + 1
      if (lines > maxLines) found.push({ file, name: nameOf(node, source), line: start + 1, lines })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The long functions under `dirs` (relative to `root`), with repo-relative paths. */
export function checkFunctionLengths(
  root: string,
  dirs: readonly string[] = FUNCTION_LENGTH_DIRS,
  maxLines: number = MAX_FUNCTION_LINES,
): LongFunction[] {
  return dirs.flatMap((dir) =>
    sourceFiles(path.join(root, dir)).flatMap((file) => {
      const rel = path.relative(root, file).split(path.sep).join('/')
      return longFunctionsIn(rel, fs.readFileSync(file, 'utf8'), maxLines)
    }),
  )
}

export interface RuleBreak extends LongFunction {
  rule: string
}

/** Every function over its folder's limit, one entry per rule it breaks. */
export function checkFunctionLengthRules(
  root: string,
  rules: readonly FunctionLengthRule[] = FUNCTION_LENGTH_RULES,
): RuleBreak[] {
  return rules.flatMap(({ dirs, maxLines, rule }) =>
    checkFunctionLengths(root, dirs, maxLines).map((f) => ({ ...f, rule })),
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2)
  const max = Number(
    args.find((a) => a.startsWith('--max='))?.slice('--max='.length) ?? MAX_APP_FUNCTION_LINES,
  )
  const named = args.filter((a) => !a.startsWith('--'))
  const rules: FunctionLengthRule[] =
    named.length > 0
      ? [{ dirs: named, maxLines: max, rule: `over ${max} lines` }]
      : [...FUNCTION_LENGTH_RULES]
  const long = checkFunctionLengthRules(process.cwd(), rules)
  for (const f of long) console.error(`${f.file}:${f.line} ${f.name} is ${f.lines} lines — ${f.rule}`)
  if (long.length > 0) {
    console.error(`\n${long.length} function(s) too long (see scripts/check-function-length.ts)`)
    process.exit(1)
  }
  console.log(rules.map((r) => `no function over ${r.maxLines} lines in ${r.dirs.join(', ')}`).join('; '))
}
