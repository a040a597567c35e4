import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// check:server's own test provokes its flawed servers' races (select-then-insert: ten duplicates
// inside a 30 ms window); with another file beside it on 2 loaded cores the race was once missed.
// It runs alone, after the rest.
const ALONE = ['tests/check-server/**/*.test.ts']

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // No include here: a project's include is added to the root's, not put in its place.
    exclude: ['node_modules/**', 'e2e/**', '.next*/**'],
    environment: 'node',
    globalSetup: ['./tests/global-setup.ts', './tests/pg/global-setup.ts'],
    setupFiles: ['./tests/simulator-setup.ts', './tests/pg/close-pools.ts'],
    testTimeout: 60_000,
    // Closing pools and dropping databases on a loaded machine can take longer than the default 10 s.
    hookTimeout: 60_000,
    // server-only throws outside a React server bundle; unit tests import data modules directly.
    alias: { 'server-only': new URL('./tests/server-only-stub.ts', import.meta.url).pathname },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: ALONE,
          // At least two files at a time: Vitest's default (cores − 1) runs one at a time on a
          // 2-core machine, where much of a file's time is loading modules and waiting on PostgreSQL
          // or a child process. 2 quiet cores: 164 s with one, 83 s with two (bench/RESULTS.md).
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      { extends: true, test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
})
