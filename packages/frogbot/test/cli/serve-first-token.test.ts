import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { PLANNER_CONFIG, callJson, frogbotLines, runCli, startServe, stopAllServes, tempCwd } from '../helpers/spawn-serve.ts'

// `frogbot serve` without FROGBOT_TOKEN: a fresh database gets a demo user and one token, printed
// on that start only; later starts print no token and say how to create one.

const temp = tempCwd()

afterEach(stopAllServes)
afterAll(async () => {
  await stopAllServes()
  temp.remove()
})

const TOKEN = /fbt_[A-Za-z0-9_-]+/g

describe('frogbot serve without FROGBOT_TOKEN', { timeout: 60_000 }, () => {
  it('prints one new token on the first start, accepts it, and prints none on the next start', async () => {
    const first = await startServe({ cwd: temp.dir })
    const out = first.stdout()

    const tokens = [...new Set(out.match(TOKEN) ?? [])]
    expect(tokens).toHaveLength(1)
    const [token] = tokens
    expect(token).toMatch(/^fbt_[A-Za-z0-9_-]{43}$/) // 256 random bits in base64url
    const announced = frogbotLines(out).filter((line) => line.includes(token))
    expect(announced).toEqual([expect.stringMatching(/^frogbot: API token for demo@frogbot\.local \(id tok_[\w-]+; shown once; keep it\): /)])
    expect(announced[0]!.endsWith(`: ${token}`)).toBe(true)
    const id = /\(id (tok_[\w-]+);/.exec(announced[0]!)![1]
    // outside that line the token only appears in the copy-paste "Try it" commands
    const elsewhere = out.split('\n').filter((line) => line.includes(token) && !line.startsWith('frogbot: '))
    expect(elsewhere.every((line) => line.includes(`Bearer ${token}`))).toBe(true)
    expect(frogbotLines(out).filter((line) => line.includes('FROGBOT_TOKEN'))).toEqual([])

    // the printed token works as a Bearer token, a made-up one does not, and no token at all is refused too
    const asked = await callJson(first.base, token, 'POST', '/api/agents/planner', { prompt: 'Plan a team offsite: should it be in the city or in the mountains?' })
    expect(asked.status, JSON.stringify(asked.json)).toBe(200)
    expect(asked.json.status).toBe('awaiting-input')
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect((await callJson(first.base, forged, 'GET', '/api/agents')).status).toBe(401)
    expect((await callJson(first.base, null, 'POST', '/api/agents/planner', { prompt: 'hi' })).status).toBe(401)

    // The id printed is the one `tokens list` shows and `tokens revoke` takes.
    const listed = await runCli(['tokens', 'list', '--email', 'demo@frogbot.local', '--config', PLANNER_CONFIG], { cwd: temp.dir })
    expect(listed.stdout).toContain(`  first start  id ${id}  `)

    expect(await first.stop()).toEqual({ code: 0, signal: null })

    const second = await startServe({ cwd: temp.dir })
    const again = second.stdout()
    expect(again).not.toMatch(TOKEN)
    const tokenLines = frogbotLines(again).filter((line) => line.startsWith('frogbot: API token'))
    expect(tokenLines).toEqual([
      'frogbot: API tokens: create one with `npx frogbot tokens create --email demo@frogbot.local`, or start with FROGBOT_TOKEN=<token>'
    ])
    expect(again).not.toContain('Try it:')

    // the token of the first start is stored (hashed) and still works after the restart
    const pending = await callJson(second.base, token, 'GET', `/api/agents/planner/chats/${asked.json.chatId}/pending`)
    expect(pending.status).toBe(200)
    expect(pending.json.pending.map((call: any) => call.toolCallId)).toEqual([asked.json.pending[0].toolCallId])
  })

  it('without the demo user, the hint says to create a user first, with commands that work', async () => {
    const fresh = tempCwd()
    try {
      const cli = (...args: string[]) => runCli([...args, '--config', PLANNER_CONFIG], { cwd: fresh.dir })
      expect((await cli('users', 'create', '--email', 'ada@example.com')).code).toBe(0)
      const server = await startServe({ cwd: fresh.dir })
      const hint = frogbotLines(server.stdout()).filter((line) => line.startsWith('frogbot: API token'))
      expect(hint).toEqual([
        'frogbot: API tokens: create a user with `npx frogbot users create --email you@example.com`, then a token with `npx frogbot tokens create --email you@example.com` (`npx frogbot users list` shows the users); or start with FROGBOT_TOKEN=<token>'
      ])
      expect(hint[0]).not.toContain('demo@frogbot.local')
      await server.stop()
      // The commands it names exist and work in that order.
      expect((await cli('users', 'list')).stdout).toContain('ada@example.com')
      expect((await cli('users', 'create', '--email', 'you@example.com')).code).toBe(0)
      expect((await cli('tokens', 'create', '--email', 'you@example.com')).stdout).toMatch(/fbt_/)
    } finally {
      fresh.remove()
    }
  })
})
