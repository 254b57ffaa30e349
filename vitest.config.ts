import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { CHROMIUM_HOW_TO, findChromium, isStrictCI, playwrightChromiumPath } from './scripts/find-chromium.ts'

/** Workspace packages resolve to their TypeScript sources in tests, as under npm scripts (.npmrc). */
const SOURCE_CONDITION = 'frogbot-source'

const browserProjects: TestProjectInlineConfiguration[] = [
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

// Without Chromium the browser suites are left out with one notice, as the PostgreSQL suites are;
// with CI=true they stay, and their global setup fails saying what is missing.
const chromium = findChromium({ playwrightPath: await playwrightChromiumPath() })
// (The config is read twice per run; the notice is printed once.)
const noticed = globalThis as { frogbotChromiumNotice?: boolean }
if (!chromium.path && !isStrictCI() && !noticed.frogbotChromiumNotice) {
  noticed.frogbotChromiumNotice = true
  console.warn(`notice: skipping the browser suites (packages/ui/test/browser, packages/admin/test/browser, and the packed UI's journey in test/packages): ${chromium.problem}. To run them, ${CHROMIUM_HOW_TO} (CI=true makes this a failure).`)
}

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
      ...(chromium.path || isStrictCI() ? browserProjects : [])
    ]
  }
})
