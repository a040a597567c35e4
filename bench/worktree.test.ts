import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { saveFiles, worktreeChanges } from './worktree'

test('worktreeChanges lists only status lines a run added', () => {
  const before = ' M README.md\n?? notes.txt\n'
  expect(worktreeChanges(before, before)).toEqual([])
  expect(worktreeChanges(before, ' M README.md\n M tsconfig.json\n?? notes.txt\n')).toEqual([
    ' M tsconfig.json',
  ])
  expect(worktreeChanges('', '?? bench-output.json\n')).toEqual(['?? bench-output.json'])
})

test('saveFiles puts back the exact bytes of a rewritten file and removes one that did not exist', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-worktree-'))
  try {
    const tsconfig = path.join(dir, 'tsconfig.json')
    const created = path.join(dir, 'created.json')
    fs.writeFileSync(tsconfig, '{ "include": ["a"] }\n')
    const saved = saveFiles([tsconfig, created])
    fs.writeFileSync(tsconfig, '{\n  "include": ["a", ".next-bench/types/**/*.ts"]\n}\n')
    fs.writeFileSync(created, '{}')
    saved.restore()
    expect(fs.readFileSync(tsconfig, 'utf8')).toBe('{ "include": ["a"] }\n')
    expect(fs.existsSync(created)).toBe(false)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
