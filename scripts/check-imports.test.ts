// The import-rule check must pass on the repo and fail on a fixture that breaks each rule.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkImports, checkReadmes, importsOf, mayImportFolders, valueImportsOf } from './check-imports'

const root = path.resolve(__dirname, '..')
let fixture: string | undefined

function write(files: Record<string, string>): string {
  fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-imports-'))
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(fixture, rel)), { recursive: true })
    fs.writeFileSync(path.join(fixture, rel), text)
  }
  return fixture
}

afterEach(() => {
  if (fixture) fs.rmSync(fixture, { recursive: true, force: true })
  fixture = undefined
})

describe('scripts/check-imports.ts', () => {
  it('holds for this repository', () => {
    expect(checkImports(root)).toEqual([])
    expect(checkReadmes(root)).toEqual([])
  })

  it('fails a README whose "May import" line drifted from its row, and one with no line', () => {
    const dir = write({
      'lib/srs/README.md':
        '# lib/srs\n\nMay import: ts-fsrs, `lib/plan/pacing`, `db/queries/study` (types). Never `lib/calendar`.\n',
      'lib/mock/README.md': '# lib/mock\n\nNo line here.\n',
    })
    expect(checkReadmes(dir)).toEqual([
      { readme: 'lib/mock/README.md', missing: expect.arrayContaining(['lib/review', 'db']), extra: [] },
      { readme: 'lib/srs/README.md', missing: ['lib/calendar'], extra: ['lib/plan'] },
    ])
    expect(
      mayImportFolders('May import: `lib/*` (client-safe); `@/app/<route>/actions`. Never `db/`.'),
    ).toEqual(['app', 'lib/*'])
  })

  it('fails a test beside its module that opens a database; one in tests/<area> may', () => {
    const dir = write({
      'lib/plan/a.test.ts': "import { openSqlite } from '@/db/open'",
      'lib/stats/b.test.ts': "import Database from 'better-sqlite3'",
      'lib/plan/ok.test.ts': "import { x } from '@/lib/srs/rubric'",
      'tests/plan/ok.test.ts': "import { openSqlite } from '@/db/open'",
      'lib/engine/ok.test.ts': "import Database from 'better-sqlite3'",
    })
    const broken = checkImports(dir)
      .filter((p) => p.rule.includes('tests/<area>'))
      .map((p) => p.file)
    expect(broken.sort()).toEqual(['lib/plan/a.test.ts', 'lib/stats/b.test.ts'])
  })

  it('fails the five imports the READMEs forbid, and a folder with no row in the table', () => {
    const dir = write({
      'lib/plan/a.ts': "import { x } from '@/lib/review/load-plan'",
      'lib/srs/b.ts': "import { x } from '@/lib/plan/pacing'",
      'db/c.ts': "import { x } from '@/lib/review'",
      'components/d.tsx': "import { x } from '@/db/client'",
      'lib/anki/e.ts': "import { x } from '../live/data'",
      'lib/brand-new/f.ts': "import { x } from '@/lib/srs/rubric'",
      'lib/plan/ok.ts': "import { x } from '@/lib/srs/final-window'",
    })
    const broken = checkImports(dir).map((p) => `${p.file} → ${p.rule}`)
    expect(broken).toEqual(
      expect.arrayContaining([
        expect.stringContaining('lib/plan/a.ts → lib/plan may not import lib/review'),
        expect.stringContaining('lib/srs/b.ts → lib/srs may not import lib/plan'),
        expect.stringContaining('db/c.ts → db may not import lib/review'),
        expect.stringContaining('components/d.tsx → components may not import db'),
        expect.stringContaining('lib/anki/e.ts → lib/anki may not import lib/live'),
        expect.stringContaining('lib/brand-new/f.ts → lib/brand-new has no row in ALLOWED_IMPORTS'),
      ]),
    )
    expect(broken.filter((line) => line.startsWith('lib/plan/ok.ts'))).toEqual([])
  })

  it('flags every broken rule in a violating fixture, and nothing allowed', () => {
    const dir = write({
      'lib/engine/ok.ts': [
        "import fs from 'node:fs'",
        "import { z } from 'zod'",
        "import type Database from 'better-sqlite3'",
        "import { short } from './protocol/narration'",
        "// import { x } from '@/db/open' (a comment does not count)",
      ].join('\n'),
      'lib/engine/sim/bad.ts': [
        "import { migrateSqlite } from '../../../db/open'",
        "import { something } from '@/lib/live/clock'",
        "import React from 'react'",
        "export { Thing } from '@/components/timeline/types'",
      ].join('\n'),
      'lib/engine/sim/bad.test.ts': "import { runCli } from '../../../scripts/sim'\nimport 'next/server'\n",
      'lib/sandbox/run.ts': "import type { ViolationView } from '@/components/timeline/types'\n",
      'lib/live/page.ts': "const page = await import('../../app/page')\n",
    })
    const found = checkImports(dir).map((p) => `${p.file} ${p.specifier}`)
    expect(found.sort()).toEqual(
      [
        'lib/engine/sim/bad.ts ../../../db/open',
        'lib/engine/sim/bad.ts @/lib/live/clock',
        'lib/engine/sim/bad.ts react',
        'lib/engine/sim/bad.ts @/components/timeline/types',
        'lib/engine/sim/bad.ts @/components/timeline/types',
        'lib/engine/sim/bad.test.ts next/server',
        'lib/sandbox/run.ts @/components/timeline/types',
        'lib/live/page.ts ../../app/page',
      ].sort(),
    )
  })

  it('flags deep engine imports, drills in the study rules and SQL outside db/', () => {
    const dir = write({
      'components/timeline/deep.tsx': "import { clockLabel } from '@/lib/engine/clock-label'\n",
      'components/timeline/ok.tsx':
        "import { clockLabel } from '@/lib/engine/client'\nimport { x } from '@/lib/engine'\n",
      'scripts/deep.ts': "import { fuzzRange } from '../lib/engine/sim/fuzz'\n",
      'lib/srs/bad.ts':
        "import { headers } from 'next/headers'\nimport { sqlite } from '@/db/client'\nimport { d } from '../drills/rating'\n",
      'lib/decks/bad.ts': "import { drillDeck } from '@/lib/drills/deck-source'\n",
      'app/api/x/route.ts': "const row = sqlite().prepare('SELECT 1').get()\n",
      'lib/live/typed.ts': 'const s = sqlite.prepare<[string]>(`SELECT 1`)\n',
      'scripts/server.ts': "await app.prepare()\n// sqlite.prepare('in a comment')\n",
      'db/queries/fine.ts': "const s = sqlite.prepare('SELECT 1')\n",
      'tests/fixture.ts': "const s = sqlite.prepare('SELECT 1')\n",
      // Study code on the raw connection; the payments side may use it.
      'lib/review/raw.ts': 'const state = studyQueries(sqlite()).getCardState()\n',
      'lib/live/engine.ts': 'createEngine({ sqlite: sqlite() })\n',
    })
    const found = checkImports(dir).map((p) => `${p.file} ${p.specifier}`)
    expect(found.sort()).toEqual(
      [
        'components/timeline/deep.tsx @/lib/engine/clock-label',
        'scripts/deep.ts ../lib/engine/sim/fuzz',
        'lib/srs/bad.ts next/headers',
        'lib/srs/bad.ts @/db/client',
        'lib/srs/bad.ts ../drills/rating',
        'lib/decks/bad.ts @/lib/drills/deck-source',
        'app/api/x/route.ts .prepare(…)',
        'app/api/x/route.ts sqlite()',
        'lib/live/typed.ts .prepare(…)',
        'lib/review/raw.ts sqlite()',
      ].sort(),
    )
  })

  it('lets db/ take only types from the engine (its ports), in any spelling, tests aside', () => {
    const dir = write({
      'db/store.ts': [
        "import type { EngineStore } from '@/lib/engine'",
        "import { type KeyRow, type PaymentRow as Row } from '@/lib/engine'",
        "export type { KeyStatus } from '../lib/engine'",
        "import { SWEEP_BATCH } from '@/lib/engine'",
        "import { type Claimed, sqliteStore } from '@/lib/engine/index'",
      ].join('\n'),
      'db/store.test.ts': "import { SWEEP_BATCH } from '@/lib/engine'\n",
      'lib/live/runtime.ts': "import { SWEEP_BATCH } from '@/lib/engine'\n",
    })
    const found = checkImports(dir).map((p) => `${p.file} ${p.specifier} ${p.rule}`)
    expect(found.sort()).toEqual(
      [
        'db/store.ts @/lib/engine db may import only types from lib/engine',
        'db/store.ts @/lib/engine/index db may import only types from lib/engine',
      ].map((line) => expect.stringContaining(line)),
    )
  })

  it('exits 1 on a violating fixture when run as a script', async () => {
    const dir = write({ 'lib/engine/bad.ts': "import { openSqlite } from '@/db/open'\n" })
    const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
    const result = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(tsx, [path.join(root, 'scripts', 'check-imports.ts')], { cwd: dir }, (error, _out, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, stderr }),
      ),
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/lib\/engine\/bad\.ts: imports "@\/db\/open"/)
  })

  it('reads import, export-from, side-effect, dynamic and require forms', () => {
    expect(
      importsOf(
        "import a from 'a'\nimport type { B } from \"b\"\nexport * from './c'\nimport 'd'\nawait import('e')\nrequire('f')",
      ),
    ).toEqual(['a', 'b', './c', 'd', 'e', 'f'])
    expect(
      valueImportsOf(
        "import type { A } from 'a'\nimport { type B, C } from 'b'\nimport { type D } from 'd'\nimport { D } from 'd'\nexport type { E } from 'e'",
      ),
    ).toEqual(['b', 'd'])
  })
})
