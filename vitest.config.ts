import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/** Workspace packages resolve to their TypeScript sources in tests, as under npm scripts (.npmrc). */
const SOURCE_CONDITION = 'frogbot-source'

export default defineConfig({
  resolve: {
    conditions: [SOURCE_CONDITION, ...defaultClientConditions],
    // examples/nextjs installs a packed copy of frogbot of its own; its route under test uses this one.
    dedupe: ['frogbot']
  },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './scripts/plain-summary-reporter.ts']
  }
})
