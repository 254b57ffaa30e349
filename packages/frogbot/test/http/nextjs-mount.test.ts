import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const folder = mkdtempSync(join(tmpdir(), 'frogbot-next-'))
const previous = { cwd: process.cwd(), token: process.env.FROGBOT_TOKEN }

beforeAll(() => process.chdir(folder))
afterAll(() => {
  process.chdir(previous.cwd)
  rmSync(folder, { recursive: true, force: true })
})

describe('the one-file Next.js mount (examples/nextjs)', () => {
  it('answers the API through the exported route handlers', async () => {
    const route = await import('../../../../examples/nextjs/app/api/[...frogbot]/route.ts')
    expect(route.runtime).toBe('nodejs')
    const manifest = await route.GET(new Request('http://localhost/api/openapi.json'))
    expect(manifest.status).toBe(200)
    expect((await manifest.json()).openapi).toBe('3.1.0')
    const anonymous = await route.POST(new Request('http://localhost/api/agents/planner', { method: 'POST', body: JSON.stringify({ prompt: 'Hi' }), headers: { 'content-type': 'application/json' } }))
    expect(anonymous.status).toBe(401)
    const missing = await route.PUT(new Request('http://localhost/api/agents/nobody/chats/x/messages/y', { method: 'PUT', body: '{}' }))
    expect(missing.status).toBe(404)
    expect((await missing.json()).code).toBe('agent-not-found')
  })
})
