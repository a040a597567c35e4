import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'e2e/**', '.next*/**'],
    environment: 'node',
    globalSetup: ['./tests/global-setup.ts', './tests/pg/global-setup.ts'],
    setupFiles: ['./tests/simulator-setup.ts', './tests/pg/close-pools.ts'],
    testTimeout: 60_000,
    // Closing pools and dropping databases on a loaded machine can take longer than the default 10 s.
    hookTimeout: 60_000,
    // server-only throws outside a React server bundle; unit tests import data modules directly.
    alias: { 'server-only': new URL('./tests/server-only-stub.ts', import.meta.url).pathname },
  },
})
