// `tsx scripts/check-imports.ts` (a step of `npm test`): the import rules, checked over
// the import graph so they cannot silently break.
//   1. lib/engine imports only itself, `node:` built-ins and its declared libraries
//      (zod; better-sqlite3, the SQL driver its store runs on). Its tests may also use
//      vitest and fast-check, and drive the CLI in scripts/.
//   2. Nothing under lib/ imports from components/ or app/.
// Exit 1 with one line per broken import.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

export const ENGINE_LIBRARIES = ['zod', 'better-sqlite3']
const ENGINE_TEST_LIBRARIES = ['vitest', 'fast-check']

export interface ImportProblem {
  file: string
  specifier: string
  rule: string
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs)$/
// import … from 'x' · export … from 'x' · import 'x' · import('x') · require('x')
const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full)
    return SOURCE.test(entry.name) ? [full] : []
  })
}

/** The specifiers a file imports (comments are stripped first, so prose never counts). */
export function importsOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  return [...code.matchAll(SPECIFIERS)].map((m) => m[2]!)
}

/** Where a specifier points inside the repo (relative to root), or undefined for a package. */
function target(root: string, file: string, specifier: string): string | undefined {
  if (specifier.startsWith('@/')) return specifier.slice(2)
  if (specifier.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), specifier))
  return undefined
}

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!

const inside = (rel: string, folder: string) => rel === folder || rel.startsWith(`${folder}/`)

export function checkImports(root: string): ImportProblem[] {
  const problems: ImportProblem[] = []
  for (const file of sourceFiles(path.join(root, 'lib'))) {
    const rel = path.relative(root, file).split(path.sep).join('/')
    const isEngine = inside(rel, 'lib/engine')
    const isTest = /\.test\.tsx?$/.test(rel)
    for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
      const to = target(root, file, specifier)?.split(path.sep).join('/')
      if (to !== undefined && (inside(to, 'components') || inside(to, 'app')))
        problems.push({ file: rel, specifier, rule: 'lib/ must not import from components/ or app/' })
      if (!isEngine) continue
      if (to !== undefined) {
        if (inside(to, 'lib/engine') || (isTest && inside(to, 'scripts'))) continue
        problems.push({ file: rel, specifier, rule: 'lib/engine imports only itself' })
      } else if (!specifier.startsWith('node:')) {
        const allowed = isTest ? [...ENGINE_LIBRARIES, ...ENGINE_TEST_LIBRARIES] : ENGINE_LIBRARIES
        if (!allowed.includes(packageName(specifier)))
          problems.push({
            file: rel,
            specifier,
            rule: `lib/engine imports only node: built-ins and ${ENGINE_LIBRARIES.join(', ')}`,
          })
      }
    }
  }
  return problems
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problems = checkImports(process.cwd())
  for (const p of problems) console.error(`${p.file}: imports "${p.specifier}" — ${p.rule}`)
  if (problems.length > 0) {
    console.error(`\n${problems.length} import rule(s) broken (see scripts/check-imports.ts)`)
    process.exit(1)
  }
  console.log('import rules hold: lib/engine is sealed; lib/ imports nothing from components/ or app/')
}
