// `tsx scripts/check-imports.ts` (a step of `npm test`): the house rules, checked over
// the import graph (and, for SQL, the call sites) so they cannot silently break.
//   1. lib/engine imports only itself, `node:` built-ins, its declared libraries
//      (zod; better-sqlite3, the SQL driver its store runs on) and lib/calendar (the units
//      of time, a leaf that imports nothing). Its tests may also use
//      vitest and fast-check, and drive the CLI in scripts/.
//   2. Nothing under lib/ imports from components/ or app/.
//   3. Nothing outside lib/engine imports a path deeper than the engine's two entries:
//      `lib/engine` (server) and `lib/engine/client` (client-safe).
//   4. lib/srs (pure study rules) and lib/decks never import lib/drills; lib/srs imports
//      no `next/*` and no `db/client` (time and data are passed in).
//   5. Nothing outside db/ and lib/engine/ prepares SQL (`.prepare('…')`): study-side SQL
//      lives in db/queries/<area>.ts. Tests and benchmarks may build raw fixtures.
//   6. lib/grading (the recall grader, run in the browser and on the server) imports only itself and
//      lib/srs/rubric (the one rating rule); its tests may also load cards and use vitest and fast-check.
//   7. No function in the simulator (lib/engine/sim) is longer than 70 lines, none in app/, components/
//      or lib/ longer than 150 (scripts/check-function-length.ts, FUNCTION_LENGTH_RULES).
//   8. Where a test goes (README, Tests): a test beside its module opens no database — one
//      that does (SQLite, PostgreSQL, or a helper that opens one) lives in tests/<area>.
//      lib/engine's own tests, whose store runs on its declared SQLite library, are its own.
// Exit 1 with one line per broken rule.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { checkFunctionLengthRules } from './check-function-length'

export const ENGINE_LIBRARIES = ['zod', 'better-sqlite3']
const ENGINE_TEST_LIBRARIES = ['vitest', 'fast-check']
/** The one repo module the engine may import: the calendar's units, a pure leaf that imports nothing. */
const ENGINE_MAY_IMPORT = ['lib/calendar']

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
  return [...stripComments(text).matchAll(SPECIFIERS)].map((m) => m[2]!)
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
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

/**
 * The one table of allowed imports between the house's folders (each README's "May import" line,
 * repo-internal part): one row per folder of lib/ (a lib/*.ts module is its own folder), db/ and
 * components/. A folder may always import itself; test files (*.test.ts) are not held to it.
 * lib/engine is held by its own stricter rule (rule 1). A new folder fails until it has a row.
 */
export const ALLOWED_IMPORTS: Record<string, readonly string[]> = {
  // lib/engine: the engine store and provider-ledger PostgreSQL adapters implement its ports (types only: TYPE_ONLY_IMPORTS)
  db: ['lib/engine'],
  components: ['app', 'lib/*'],
  'lib/anki': [
    'lib/calendar',
    'db',
    'lib/content',
    'lib/decks',
    'lib/http',
    'lib/learner-cookie',
    'lib/own-cards',
    'lib/srs',
  ],
  'lib/calendar': [],
  // lib/engine: the invariants' names (its client entry), so a report speaks the engine's I1–I8.
  'lib/check-server': ['lib/engine', 'lib/mulberry32'],
  'lib/clock': [],
  'lib/content': ['lib/grading', 'lib/lru', 'lib/process-memory'],
  'lib/decks': ['lib/calendar', 'db', 'lib/content', 'lib/grading', 'lib/review-log-kept', 'lib/srs'],
  'lib/devices': ['db', 'lib/learner-cookie'],
  'lib/drills': [
    'db',
    'lib/decks',
    'lib/engine',
    'lib/lru',
    'lib/process-memory',
    'lib/simulator',
    'lib/srs',
  ],
  'lib/grading': ['lib/srs'],
  'lib/http': ['lib/learner-cookie'],
  'lib/learner': ['db', 'lib/learner-cookie'],
  'lib/learner-cookie': [],
  'lib/live': ['db', 'lib/engine', 'lib/http'],
  'lib/lru': [],
  'lib/mock': ['db', 'lib/content', 'lib/decks', 'lib/grading', 'lib/lru', 'lib/review', 'lib/srs'],
  'lib/mulberry32': [],
  'lib/own-cards': ['db', 'lib/content', 'lib/decks'],
  'lib/plan': [
    'lib/calendar',
    'db',
    'lib/lru',
    'lib/mulberry32',
    'lib/review-log-kept',
    'lib/srs',
    'lib/decks',
  ],
  'lib/process-memory': [],
  'lib/review-log-kept': ['db', 'lib/lru'],
  'lib/review': [
    'lib/calendar',
    'db',
    'lib/content',
    'lib/decks',
    'lib/drills',
    'lib/grading',
    'lib/plan',
    'lib/review-log-kept',
    'lib/srs',
  ],
  // The server actions' wrapper (as lib/http/route.ts is the handlers'), over the study context.
  'lib/server-action': ['lib/http', 'lib/study-context'],
  'lib/sandbox': [
    'lib/engine',
    'lib/http',
    'lib/learner-cookie',
    'lib/lru',
    'lib/process-memory',
    'lib/simulator',
  ],
  'lib/simulator': ['db', 'lib/engine'],
  // The one way a study request (page, route, server action) gets its database, now and learner.
  'lib/study-context': ['db', 'lib/clock', 'lib/learner'],
  'lib/srs': ['lib/calendar', 'db'],
  'lib/stats': ['lib/calendar', 'db', 'lib/review-log-kept', 'lib/srs'],
  'lib/transfer': ['lib/calendar', 'db', 'lib/content', 'lib/decks', 'lib/own-cards', 'lib/srs'],
  // The hands-free loop's words, commands, spoken feedback and command recognizer (no DOM, no Next).
  'lib/voice': ['lib/srs'],
}

/**
 * Rows of ALLOWED_IMPORTS that allow a folder for its types only (`import type …`, or every name
 * marked `type`): db/ implements the engine's ports, so it names their types but runs none of the
 * engine's code (db/README.md). A value import breaks the rule; tests are not held to it.
 */
export const TYPE_ONLY_IMPORTS: Record<string, readonly string[]> = {
  db: ['lib/engine'],
}

// `import type … from 'x'`, `export type … from 'x'`, or `import { type A, type B as C } from 'x'`.
const TYPE_NAME = String.raw`type\s+[\w$]+(?:\s+as\s+[\w$]+)?`
const TYPE_ONLY_STATEMENT = new RegExp(
  String.raw`\b(?:import|export)\s+(?:type\s+[^'"]*?|\{\s*(?:${TYPE_NAME}\s*,\s*)*${TYPE_NAME}\s*,?\s*\})\s*from\s*(['"])([^'"\n]+)\1`,
  'g',
)

/** The specifiers a file imports for values: every import but the type-only statements. */
export function valueImportsOf(text: string): string[] {
  const typeOnly = [...stripComments(text).matchAll(TYPE_ONLY_STATEMENT)].map((m) => m[2]!)
  return importsOf(text).filter((specifier) => {
    const at = typeOnly.indexOf(specifier)
    if (at === -1) return true
    typeOnly.splice(at, 1)
    return false
  })
}

/** The folder a repo path belongs to in ALLOWED_IMPORTS (undefined outside lib/, db/, components/). */
export function importFolderOf(rel: string): string | undefined {
  const parts = rel.replace(SOURCE, '').split('/')
  if (parts[0] === 'db' || parts[0] === 'components' || parts[0] === 'app') return parts[0]
  if (parts[0] === 'lib' && parts[1]) return `lib/${parts[1]}`
  return undefined
}

/** One problem when `from` may not import `to` by the table, or has no row; undefined when allowed. */
export function tableProblem(from: string, to: string): string | undefined {
  const folder = importFolderOf(from)
  const target = importFolderOf(to)
  if (!folder || !target || folder === target || folder === 'app' || folder === 'lib/engine') return undefined
  const row = ALLOWED_IMPORTS[folder]
  if (!row)
    return `${folder} has no row in ALLOWED_IMPORTS (scripts/check-imports.ts): add one listing what it may import, as its README's "May import" line says`
  const ok = row.some((allowed) =>
    allowed.endsWith('/*') ? inside(target, allowed.slice(0, -2)) : target === allowed,
  )
  return ok
    ? undefined
    : `${folder} may not import ${target} (ALLOWED_IMPORTS in scripts/check-imports.ts, ${folder}/README.md)`
}

/** Every folder (and top-level file) whose code is held to the rules. */
const CODE_ROOTS = [
  'app',
  'components',
  'lib',
  'db',
  'scripts',
  'bench',
  'tests',
  'e2e',
  'proxy.ts',
  'instrumentation.ts',
]
/** Where SQL may be prepared at run time in production code. */
const PRODUCTION_ROOTS = ['app', 'components', 'lib', 'scripts', 'proxy.ts', 'instrumentation.ts']
const ENGINE_ENTRIES = ['lib/engine', 'lib/engine/index', 'lib/engine/client']
const GRADING_MAY_IMPORT = ['lib/srs/rubric', 'lib/srs/study-card']
// `.prepare('…')`, `.prepare(\`…\`)` or `.prepare<…>(…)`: an SQL statement (Next's `app.prepare()` takes none).
const SQL_PREPARE = /\.prepare\s*(?:<[^>]*>\s*)?\(\s*['"`]/g
/**
 * The app's raw SQLite connection (db/client `sqlite()`) belongs to the payments side; study data goes
 * through `studyDb()`, which is PostgreSQL when DRILL_DATABASE_URL says so. A study read on `sqlite()`
 * would quietly stay on each instance's own file.
 */
const RAW_CONNECTION = /\bsqlite\(\)/g
const RAW_CONNECTION_ALLOWED = ['lib/live', 'scripts']

/** What opens a database: a test beside its module imports none of these (rule 8). */
const DATABASE_OPENERS = [
  'db/open',
  'db/client',
  'db/pg',
  'db/sql/sqlite-db',
  'db/sql/pg-db',
  'tests/pg/database',
  'tests/transfer/testing',
  'tests/anki/learners',
]
const DATABASE_PACKAGES = ['better-sqlite3', 'pg']
const COLOCATED_ROOTS = ['app', 'components', 'lib', 'db', 'scripts']

// The checker's own test writes broken imports as fixture strings.
const FIXTURE_FILES = ['scripts/check-imports.test.ts']

function codeFiles(root: string): string[] {
  return CODE_ROOTS.flatMap((name) => {
    const full = path.join(root, name)
    if (!fs.existsSync(full)) return []
    return fs.statSync(full).isDirectory() ? sourceFiles(full) : SOURCE.test(name) ? [full] : []
  }).filter((file) => !FIXTURE_FILES.includes(path.relative(root, file).split(path.sep).join('/')))
}

/** An import of the engine from outside it that skips both entries. */
function reachesIntoEngine(to: string): boolean {
  const bare = to.replace(SOURCE, '')
  return inside(bare, 'lib/engine') && !ENGINE_ENTRIES.includes(bare)
}

export function checkImports(root: string): ImportProblem[] {
  const problems: ImportProblem[] = []
  for (const file of codeFiles(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/')
    const isEngine = inside(rel, 'lib/engine')
    const isTest = /\.test\.tsx?$/.test(rel)
    const text = fs.readFileSync(file, 'utf8')
    if (PRODUCTION_ROOTS.some((r) => inside(rel, r)) && !isEngine && !isTest)
      for (const _ of stripComments(text).matchAll(SQL_PREPARE))
        problems.push({
          file: rel,
          specifier: '.prepare(…)',
          rule: 'SQL is prepared only in db/ and lib/engine/',
        })
    if (
      PRODUCTION_ROOTS.some((r) => inside(rel, r)) &&
      !isTest &&
      !RAW_CONNECTION_ALLOWED.some((r) => inside(rel, r))
    )
      for (const _ of stripComments(text).matchAll(RAW_CONNECTION))
        problems.push({
          file: rel,
          specifier: 'sqlite()',
          rule: 'study data goes through studyDb(); sqlite() is the payments side (lib/live)',
        })
    const folder = importFolderOf(rel)
    const typesOnly = folder && !isTest ? (TYPE_ONLY_IMPORTS[folder] ?? []) : []
    if (typesOnly.length > 0)
      for (const specifier of valueImportsOf(text)) {
        const to = importFolderOf(target(root, file, specifier)?.split(path.sep).join('/') ?? '')
        if (to && typesOnly.includes(to))
          problems.push({
            file: rel,
            specifier,
            rule: `${folder} may import only types from ${to} (TYPE_ONLY_IMPORTS in scripts/check-imports.ts, ${folder}/README.md)`,
          })
      }
    const colocatedTest = isTest && !isEngine && COLOCATED_ROOTS.some((r) => inside(rel, r))
    for (const specifier of importsOf(text)) {
      const to = target(root, file, specifier)?.split(path.sep).join('/')
      if (
        colocatedTest &&
        (to === undefined
          ? DATABASE_PACKAGES.includes(packageName(specifier))
          : DATABASE_OPENERS.includes(to.replace(SOURCE, '')))
      )
        problems.push({
          file: rel,
          specifier,
          rule: 'a test that opens a database goes in tests/<area>, not beside its module (README, "Where a test goes")',
        })
      if (inside(rel, 'lib') && to !== undefined && (inside(to, 'components') || inside(to, 'app')))
        problems.push({ file: rel, specifier, rule: 'lib/ must not import from components/ or app/' })
      if (!isEngine && to !== undefined && reachesIntoEngine(to))
        problems.push({
          file: rel,
          specifier,
          rule: 'import the engine through lib/engine or lib/engine/client',
        })
      if (
        (inside(rel, 'lib/srs') || inside(rel, 'lib/decks')) &&
        to !== undefined &&
        inside(to, 'lib/drills')
      )
        problems.push({ file: rel, specifier, rule: 'lib/srs and lib/decks never import lib/drills' })
      if (
        inside(rel, 'lib/srs') &&
        !isTest &&
        (specifier.startsWith('next/') || to === 'db/client' || to === 'db/client.ts')
      )
        problems.push({ file: rel, specifier, rule: 'lib/srs imports no next/* and no db/client' })
      if (inside(rel, 'lib/grading') && !isTest) {
        const bare = to?.replace(SOURCE, '')
        if (bare === undefined || !(inside(bare, 'lib/grading') || GRADING_MAY_IMPORT.includes(bare)))
          problems.push({ file: rel, specifier, rule: 'lib/grading imports only itself and lib/srs/rubric' })
      }
      // The table last, and only where no rule above already named this import.
      const broken = to !== undefined && !isTest ? tableProblem(rel, to) : undefined
      if (broken && !problems.some((p) => p.file === rel && p.specifier === specifier))
        problems.push({ file: rel, specifier, rule: broken })
      if (!isEngine) continue
      if (to !== undefined) {
        if (inside(to, 'lib/engine') || ENGINE_MAY_IMPORT.includes(to.replace(SOURCE, ''))) continue
        if (isTest && inside(to, 'scripts')) continue
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

/** One README whose "May import" line names other folders than its row in ALLOWED_IMPORTS. */
export interface ReadmeDrift {
  readme: string
  /** In the row, not on the line. */
  missing: string[]
  /** On the line, not in the row. */
  extra: string[]
}

// The "May import:" paragraph up to its first "Never …", "Nothing …" or "No …" sentence (what the
// folder may not import) or the paragraph's end.
const MAY_IMPORT = /May import:([\s\S]*?)(?:\n\s*\n|(?:^|[.;:]\s+)(?:Never|Nothing|No)\b|(?![\s\S]))/m
// A repo path in backticks: `lib/srs`, `db/queries/study`, `@/app/<route>/actions`, `lib/*`.
const BACKTICKED_PATH = /`(?:@\/)?((?:lib|db|components|app)(?:\/[^`\s]*)?)`/g

/** The ALLOWED_IMPORTS folders a README's "May import" line names (undefined: it has no such line). */
export function mayImportFolders(readme: string): string[] | undefined {
  const line = MAY_IMPORT.exec(readme)
  if (!line) return undefined
  const folders = new Set<string>()
  for (const [, named] of line[1]!.matchAll(BACKTICKED_PATH)) {
    if (named === 'lib/*') folders.add('lib/*')
    else {
      const folder = importFolderOf(named!.replace(/[{].*$/, 'x'))
      if (folder) folders.add(folder)
    }
  }
  return [...folders].sort()
}

/** Every folder README whose "May import" line has drifted from its row (or has none). */
export function checkReadmes(root: string): ReadmeDrift[] {
  const drifts: ReadmeDrift[] = []
  for (const [folder, row] of Object.entries(ALLOWED_IMPORTS)) {
    const readme = path.join(root, folder, 'README.md')
    if (!fs.existsSync(readme)) continue
    const named = mayImportFolders(fs.readFileSync(readme, 'utf8'))
    const allowed = [...new Set(row)].sort()
    const missing = named === undefined ? allowed : allowed.filter((f) => !named.includes(f))
    const extra = (named ?? []).filter((f) => f !== folder && !allowed.includes(f))
    if (named === undefined || missing.length > 0 || extra.length > 0)
      drifts.push({ readme: `${folder}/README.md`, missing, extra })
  }
  return drifts
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = process.cwd()
  const problems = checkImports(root)
  for (const p of problems)
    console.error(
      p.specifier === '.prepare(…)'
        ? `${p.file}: calls .prepare(…) — ${p.rule}`
        : p.specifier === 'sqlite()'
          ? `${p.file}: calls sqlite() — ${p.rule}`
          : `${p.file}: imports "${p.specifier}" — ${p.rule}`,
    )
  const long = checkFunctionLengthRules(root)
  for (const f of long) console.error(`${f.file}:${f.line}: ${f.name} is ${f.lines} lines — ${f.rule}`)
  const drifts = checkReadmes(root)
  for (const d of drifts)
    console.error(
      `${d.readme}: its "May import" line ${[
        d.missing.length > 0 ? `lacks ${d.missing.join(', ')}` : '',
        d.extra.length > 0 ? `names ${d.extra.join(', ')}, not in its row` : '',
      ]
        .filter(Boolean)
        .join(
          ' and ',
        )} — the row in ALLOWED_IMPORTS (scripts/check-imports.ts) is the rule; write the line to match it`,
    )
  const broken = problems.length + long.length + drifts.length
  if (broken > 0) {
    console.error(`\n${broken} house rule(s) broken (see scripts/check-imports.ts)`)
    process.exit(1)
  }
  console.log(
    'house rules hold: every folder imports only what its row in ALLOWED_IMPORTS allows; lib/engine is sealed and entered through its two entries; db/ takes only types from it; lib/ imports nothing from components/ or app/; lib/srs and lib/decks know no drills; lib/grading is pure; SQL lives in db/; study data goes through studyDb(); simulator functions ≤ 70 lines, every other function in app/, components/, lib/ ≤ 150; tests that open a database live in tests/; every README\'s "May import" line matches its row',
  )
}
