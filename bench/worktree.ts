// What a bench run may change in the work tree: nothing. `next build` rewrites the tracked
// tsconfig.json when it builds into another distDir (it adds `<distDir>/types/**/*.ts` to
// "include"), so those files are saved before a run and written back after it; then the
// tree's `git status` must match what it was.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

/** Tracked files Next may rewrite during a build. */
export const REWRITTEN_BY_NEXT = ['tsconfig.json'] as const

export function gitStatus(cwd = process.cwd()): string {
  const result = spawnSync('git', ['status', '--porcelain=v1', '--untracked-files=all'], {
    cwd,
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`git status failed: ${result.stderr}`)
  return result.stdout
}

/** Status lines present after a run and not before it (new, or changed in kind). */
export function worktreeChanges(before: string, after: string): string[] {
  const seen = new Set(before.split('\n').filter(Boolean))
  return after.split('\n').filter((line) => line && !seen.has(line))
}

export interface SavedFiles {
  restore(): void
}

/** Remembers the files' bytes (or their absence) so `restore` can put them back exactly. */
export function saveFiles(paths: readonly string[]): SavedFiles {
  const saved = paths.map((file) => ({ file, bytes: fs.existsSync(file) ? fs.readFileSync(file) : null }))
  return {
    restore() {
      for (const { file, bytes } of saved) {
        if (bytes === null) fs.rmSync(file, { force: true })
        else if (!fs.existsSync(file) || !fs.readFileSync(file).equals(bytes)) fs.writeFileSync(file, bytes)
      }
    },
  }
}
