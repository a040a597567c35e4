// `tsx scripts/check-function-length.ts [dir…]`: functions longer than 70 lines (TigerBeetle's
// TIGER_STYLE limit), found with the TypeScript parser so strings, comments and nested
// closures are counted as the code they are. A function's length runs from the line its
// declaration starts on (leading comments excluded) to its closing line, both included;
// a nested function counts on its own and inside its parent. Tests are left out: a
// `describe` block is a list of cases, not a step of the program.
// Default folder: lib/engine/sim (the simulator); folders or files may be named instead. Exit 1 with one line per long function.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'

export const MAX_FUNCTION_LINES = 70
export const FUNCTION_LENGTH_DIRS = ['lib/engine/sim']

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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const named = process.argv.slice(2)
  const targets = named.length > 0 ? named : FUNCTION_LENGTH_DIRS
  const long = checkFunctionLengths(process.cwd(), targets)
  for (const f of long) console.error(`${f.file}:${f.line} ${f.name} is ${f.lines} lines`)
  if (long.length > 0) {
    console.error(
      `\n${long.length} function(s) over ${MAX_FUNCTION_LINES} lines (see scripts/check-function-length.ts)`,
    )
    process.exit(1)
  }
  console.log(`no function over ${MAX_FUNCTION_LINES} lines in ${targets.join(', ')}`)
}
