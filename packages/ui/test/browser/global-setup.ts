import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { requireChromium } from '../../../../scripts/find-chromium.ts'
import { FIXTURE_USER, startFixture } from './server/start-fixture.ts'

/** What every browser test file gets from `inject('fixture')`. */
export type BrowserFixture = { baseURL: string; wsEndpoint: string; sessionCookie: { name: string; value: string }; outputDir: string }

declare module 'vitest' {
  export interface ProvidedContext {
    fixture: BrowserFixture
  }
}


/**
 * One fixture server and one Chromium for the whole browser suite: test files connect to the
 * browser over its WebSocket and share the server, each with chats of its own.
 */
export default async function setup(project: TestProject) {
  // Chromium first: without it nothing else starts, and nothing is left running to keep vitest from exiting.
  const executablePath = await requireChromium('@frogbotai/ui')
  const browser = await chromium.launchServer({
    executablePath,
    headless: true,
    chromiumSandbox: false,
    args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update']
  })
  let fixture: Awaited<ReturnType<typeof startFixture>> | undefined
  const teardown = async () => {
    await browser.close()
    await fixture?.close()
  }
  try {
    fixture = await startFixture()
    const login = await fetch(`${fixture.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: fixture.baseURL },
      body: JSON.stringify(FIXTURE_USER)
    })
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? ''
    if (!login.ok || !cookie) throw new Error(`fixture sign-in failed: ${login.status} ${await login.text()}`)
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)]
    const outputDir = resolve(import.meta.dirname, '../../../../test-output/browser')
    mkdirSync(outputDir, { recursive: true })
    project.provide('fixture', { baseURL: fixture.baseURL, wsEndpoint: browser.wsEndpoint(), sessionCookie: { name, value }, outputDir })
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}
