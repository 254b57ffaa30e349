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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './scripts/plain-summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.{ts,tsx}', 'packages/pieces/*/src/**/*.test.ts', 'packages/pieces/*/test/**/*.test.ts', 'examples/*/test/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
          exclude: ['packages/ui/test/browser/**', 'packages/admin/test/browser/**', '**/node_modules/**']
        }
      },
      {
        // Real Chromium against a real FrogBot: one server and one browser for every file (global-setup.ts).
        extends: true,
        test: {
          name: 'browser',
          include: ['packages/ui/test/browser/**/*.test.ts'],
          globalSetup: ['packages/ui/test/browser/global-setup.ts']
        }
      },
      {
        // The admin chat's journeys: real Chromium against the planner example's own server (global-setup.ts).
        extends: true,
        test: {
          name: 'admin',
          include: ['packages/admin/test/browser/**/*.test.ts'],
          globalSetup: ['packages/admin/test/browser/global-setup.ts']
        }
      }
    ]
  }
})
