import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'
import { requireChromium } from '../../../../scripts/find-chromium.ts'
import { PLANNER_USER, startPlanner } from './start-planner.ts'

/** What every admin journey gets from `inject('admin')`. */
export type AdminFixture = {
  baseURL: string
  wsEndpoint: string
  sessionCookie: { name: string; value: string }
  outputDir: string
  channelChatId: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    admin: AdminFixture
  }
}


/**
 * One planner server and one Chromium for every admin journey: test files connect to the browser
 * over its WebSocket and share the server, each with chats of its own. The admin is built first.
 */
export default async function setup(project: TestProject) {
  // Chromium first: without it nothing else starts, and nothing is left running to keep vitest from exiting.
  const executablePath = await requireChromium('admin chat')
  // The admin as this checkout has it, not as the last `npm install` built it.
  await build({ configFile: resolve(import.meta.dirname, '../../vite.config.ts'), logLevel: 'error' })
  const browser = await chromium.launchServer({
    executablePath,
    headless: true,
    chromiumSandbox: false,
    args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update']
  })
  let planner: Awaited<ReturnType<typeof startPlanner>> | undefined
  const teardown = async () => {
    await browser.close()
    await planner?.close()
  }
  try {
    planner = await startPlanner()
    const login = await fetch(`${planner.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: planner.baseURL },
      body: JSON.stringify(PLANNER_USER)
    })
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? ''
    if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`)
    const separator = cookie.indexOf('=')
    const outputDir = resolve(import.meta.dirname, '../../../../test-output/browser/admin')
    mkdirSync(outputDir, { recursive: true })
    // Screenshots are overwritten run by run; traces are only for the failures of this run.
    for (const file of readdirSync(outputDir)) if (file.startsWith('trace-')) rmSync(join(outputDir, file))
    project.provide('admin', {
      baseURL: planner.baseURL,
      wsEndpoint: browser.wsEndpoint(),
      sessionCookie: { name: cookie.slice(0, separator), value: cookie.slice(separator + 1) },
      outputDir,
      channelChatId: await planner.channelChat()
    })
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}
