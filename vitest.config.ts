import { defineConfig } from 'vitest/config'

export default defineConfig({
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
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.{ts,tsx}', 'examples/*/test/**/*.test.{ts,tsx}'],
          exclude: ['packages/ui/test/browser/**', '**/node_modules/**']
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
      }
    ]
  }
})
