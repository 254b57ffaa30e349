import { afterEach, expect, it } from 'vitest'
import { buildConfig, createFrogbot, type Frogbot } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { prepareFirstStart, racedTokenLine } from '../../src/cli/demo-access.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { BACKENDS } from '../helpers/databases.ts'

// A new user started two servers at once on a new database (PostgreSQL and SQLite, 3 times out of
// 3): both printed "sign in as demo@frogbot.local with the password …", and one password got 401;
// only one printed an API token. Two app instances on one database now run the first-start
// bootstrap together: exactly one creates the demo user, its token and its password, and prints
// them; the other is told another server did, and holds no password that does not work.

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

async function twoServers(backend: (typeof BACKENDS)[number]) {
  const { adapter, close } = await backend.open()
  cleanups.push(close)
  const open = async () => {
    const agents = [{ slug: 'planner', model: 'fast', instructions: 'Ask.', tools: [question] }]
    const config = buildConfig({ agents, db: adapter })
    const frogbot = await createFrogbot(config, { log: () => {}, maintenanceIntervalMs: 0 })
    cleanups.push(() => frogbot.close())
    return frogbot
  }
  // Each has its own connection (pool) to the one database, as two processes have.
  return [await open(), await open()] as const
}

const SLOW = { timeout: 30_000 }
const DEMO = 'demo@frogbot.local'

/** Both servers' first-start bootstrap, at the same time. */
const bothStart = (a: Frogbot, b: Frogbot, env: NodeJS.ProcessEnv) =>
  Promise.all([prepareFirstStart(storeOf(a).db, env), prepareFirstStart(storeOf(b).db, env)])

const signIn = (frogbot: Frogbot, password: string) =>
  frogbot.fetch(
    new Request('http://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO, password })
    })
  )
const withToken = (frogbot: Frogbot, token: string) =>
  frogbot.fetch(
    new Request('http://localhost/api/agents', { headers: { authorization: `Bearer ${token}` } })
  )

for (const backend of BACKENDS) {
  backend.describe(`two servers starting together on a new ${backend.name}`, () => {
    it('create the demo user, its token and its password once; the other says who did', SLOW, async () => {
      const [a, b] = await twoServers(backend)
      const env = { NODE_ENV: 'development' }
      const starts = await bothStart(a, b, env)
      const created = starts.filter((start) => start.access.kind === 'created')
      const raced = starts.filter((start) => start.access.kind === 'raced')
      expect(created).toHaveLength(1)
      expect(raced).toHaveLength(1)
      const winner = created[0]!
      const access = winner.access as Extract<typeof winner.access, { kind: 'created' }>
      expect(winner.signIn).toEqual({ email: DEMO, password: access.password, setByAnother: false })
      expect(access.password).toMatch(/^[\w-]{12}$/)
      // The loser names the token the winner printed and prints no password.
      expect(raced[0]!.access).toEqual({ kind: 'raced', email: DEMO, tokenId: access.id, givenTokenId: null })
      const racedAccess = raced[0]!.access as Parameters<typeof racedTokenLine>[0]
      const line = racedTokenLine(racedAccess, (args) => `frogbot ${args}`)
      expect(line).toContain(`its first API token (id ${access.id}) were created by another server`)
      expect(raced[0]!.signIn).toEqual({ email: DEMO, password: null, setByAnother: true })

      // The one password printed and the one token printed work on both servers.
      for (const server of [a, b]) {
        expect((await signIn(server, access.password!)).status).toBe(200)
        expect((await withToken(server, access.token)).status).toBe(200)
      }
      const users = await storeOf(a).db.selectFrom('frogbot_users').select('email').execute()
      expect(users).toEqual([{ email: 'demo@frogbot.local' }])
      const tokens = await storeOf(a).db.selectFrom('frogbot_api_tokens').select('name').execute()
      expect(tokens).toEqual([{ name: 'first start' }])

      // A later start creates nothing and says the password was printed at the first start.
      const later = await prepareFirstStart(storeOf(b).db, env)
      expect(later.access.kind).toBe('existing')
      expect(later.signIn).toEqual({ email: DEMO, password: null })
    })

    it('with FROGBOT_TOKEN, set the demo password once; the other says another set it', SLOW, async () => {
      const [a, b] = await twoServers(backend)
      const env = { NODE_ENV: 'development', FROGBOT_TOKEN: 'a-shared-token-of-24-chars' }
      const starts = await bothStart(a, b, env)
      expect(starts.map((start) => start.access.kind)).toEqual(['env', 'env'])
      const passwords = starts.flatMap((start) => start.signIn?.password ?? [])
      expect(passwords).toHaveLength(1)
      expect(starts.map((start) => start.signIn?.setByAnother ?? false).sort()).toEqual([false, true])
      for (const server of [a, b]) expect((await signIn(server, passwords[0]!)).status).toBe(200)
    })

    // One server had FROGBOT_TOKEN, the other none: the other said "the demo user … and its first API
    // token were created by another server …; that server printed the token", but no token was
    // created or printed (the only one is FROGBOT_TOKEN), and the line named no token id.
    it('one with FROGBOT_TOKEN, one without: the loser says what the winner made', SLOW, async () => {
      for (let round = 0; round < 3; round++) {
        const [a, b] = await twoServers(backend)
        const given = 'a-given-token-of-24-chars'
        const starts = await Promise.all([
          prepareFirstStart(storeOf(a).db, { NODE_ENV: 'development', FROGBOT_TOKEN: given }),
          prepareFirstStart(storeOf(b).db, { NODE_ENV: 'development' })
        ])
        const [withToken, without] = starts.map((start) => start.access)
        expect(withToken!.kind).toBe('env')
        const envId = (withToken as Extract<typeof withToken, { kind: 'env' }>).id
        if (without!.kind === 'raced') {
          expect(without).toEqual({ kind: 'raced', email: DEMO, tokenId: null, givenTokenId: envId })
          const line = racedTokenLine(without, (args) => `frogbot ${args}`)
          expect(line).toContain(`was created by another server starting at the same time on this database, `)
          expect(line).toContain(`started with FROGBOT_TOKEN (id ${envId}); no token was created`)
          expect(line).not.toContain('printed the token')
          const tokens = await storeOf(a).db.selectFrom('frogbot_api_tokens').select('name').execute()
          expect(tokens).toEqual([{ name: 'FROGBOT_TOKEN' }])
        } else {
          // The server without a token made the user first (and printed its token), or came later.
          expect(['created', 'existing']).toContain(without!.kind)
        }
        // Exactly one password printed, and it signs in.
        const passwords = starts.flatMap((start) => start.signIn?.password ?? [])
        expect(passwords).toHaveLength(1)
        expect((await signIn(a, passwords[0]!)).status).toBe(200)
        while (cleanups.length > 0) await cleanups.pop()!()
      }
      // The line of a raced start with no token found at all still claims nothing was printed.
      const none = { email: DEMO, tokenId: null, givenTokenId: null }
      const line = racedTokenLine(none, (args) => `frogbot ${args}`)
      expect(line).toContain('no token was created')
    })

    it('in production, create the user and token once and print no password', SLOW, async () => {
      const [a, b] = await twoServers(backend)
      const env = { NODE_ENV: 'production' }
      const starts = await bothStart(a, b, env)
      expect(starts.map((start) => start.access.kind).sort()).toEqual(['created', 'raced'])
      expect(starts.map((start) => start.signIn)).toEqual([
        { email: DEMO, password: null, setByAnother: false },
        { email: DEMO, password: null, setByAnother: false }
      ])
      const stored = await storeOf(a).db.selectFrom('frogbot_users').select('password_hash').execute()
      expect(stored).toEqual([{ password_hash: null }])
    })
  })
}
