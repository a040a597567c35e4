import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// check:server's own test provokes its flawed servers' races (select-then-insert: ten duplicates
// inside a 30 ms window); with another file beside it on 2 loaded cores the race was once missed.
// It runs alone, after the rest.
const ALONE = ['tests/check-server/**/*.test.ts']

// Files that need modules of their own: they read module-level state another file may have moved (the
// in-memory rate limits and page budgets of lib/http, the live API's accounts, the routes over them, zod's
// global config) or stub the environment, the clock or a module. They run isolated; every other file shares
// its worker's module cache with the files before it (`isolate: false`), which halves the suite here: 189 s → ~105 s,
// most of it was each file loading the engine, the database layer and the simulator again (setup 84 s).
const ISOLATED = [
  'app/**/*.test.ts',
  'lib/http/**/*.test.ts',
  'lib/live/**/*.test.ts',
  'tests/live/**/*.test.ts',
  'lib/engine/clock.test.ts',
  'lib/engine/sim/golden.test.ts',
  // Counts the functions zod builds from strings: none, once jitless is set before any schema is used.
  'lib/mock/phase-schema.test.ts',
  'tests/db/sql-db.test.ts',
  'tests/pg/admission-cut.test.ts',
  'tests/pg/connections-lost.test.ts',
]

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
          exclude: [...ALONE, ...ISOLATED],
          isolate: false,
          // At least two files at a time: Vitest's default (cores − 1) runs one at a time on a
          // 2-core machine, where much of a file's time is loading modules and waiting on PostgreSQL
          // or a child process. 2 quiet cores: 164 s with one, 83 s with two (bench/RESULTS.md).
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED, maxWorkers: Math.max(2, availableParallelism() - 1) },
      },
      { extends: true, test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
})
