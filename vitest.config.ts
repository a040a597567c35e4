import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'e2e/**', '.next*/**'],
    environment: 'node',
    globalSetup: ['./tests/global-setup.ts', './tests/pg/global-setup.ts'],
    setupFiles: ['./tests/simulator-setup.ts', './tests/pg/close-pools.ts'],
    // At least two files at a time: Vitest's default (cores − 1) runs one at a time on a 2-core
    // machine, where much of a file's time is loading modules and waiting on PostgreSQL or a child
    // process. Measured on 2 quiet cores: 164 s with one, 83 s with two (bench/RESULTS.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    // Closing pools and dropping databases on a loaded machine can take longer than the default 10 s.
    hookTimeout: 60_000,
    // server-only throws outside a React server bundle; unit tests import data modules directly.
    alias: { 'server-only': new URL('./tests/server-only-stub.ts', import.meta.url).pathname },
  },
})
