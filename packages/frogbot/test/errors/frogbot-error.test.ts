import { describe, expect, it } from 'vitest'
import { ConfigError, FrogbotError } from '../../src/errors/frogbot-error.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { scriptedModel, textStep } from '../../src/testing/scripted-model.ts'

// Errors are recognised by their mark and code, never by their text, also from a second copy of
// the package (a piece that loads `frogbot` from a package while the app runs the sources).

/** The error module loaded again as a module of its own: another copy, with classes of its own. */
const secondCopy = () => import(/* @vite-ignore */ new URL('../../src/errors/frogbot-error.ts?second-copy', import.meta.url).href) as Promise<typeof import('../../src/errors/frogbot-error.ts')>

describe('FrogbotError', () => {
  it('isInstance holds across two copies of the package, where instanceof does not', async () => {
    const other = await secondCopy()
    expect(other.FrogbotError).not.toBe(FrogbotError)
    const foreign = new other.FrogbotError('already-settled', 'This call was already settled; the first answer wins.', { settlement: null })
    expect(foreign instanceof FrogbotError).toBe(false)
    expect(FrogbotError.isInstance(foreign)).toBe(true)
    expect(other.FrogbotError.isInstance(new FrogbotError('forbidden', 'no'))).toBe(true)
    expect(ConfigError.isInstance(new other.ConfigError(['agents: give at least one']))).toBe(true)
    expect(ConfigError.isInstance(foreign)).toBe(false)
  })

  it('isInstance refuses look-alikes: a plain Error, an object with a code, null', () => {
    expect(FrogbotError.isInstance(Object.assign(new Error('Chat "x" was not found.'), { code: 'not-found' }))).toBe(false)
    expect(FrogbotError.isInstance({ code: 'not-found', message: 'x' })).toBe(false)
    expect(FrogbotError.isInstance(null)).toBe(false)
  })

  it('a missing chat says resource chat in its data, which stays on the server; an anonymous caller is told to sign in for it alone', async () => {
    const app = await testFrogbot({ model: scriptedModel([textStep('hi')]) })
    try {
      const missing = await app.frogbot.readChat({ chatId: 'no-such-chat-0000000000', caller: { user: app.user } }).catch((error: unknown) => error)
      expect(FrogbotError.isInstance(missing) && missing.code === 'not-found' && missing.data).toEqual({ resource: 'chat' })
      const signedIn = await app.call('GET', '/api/agents/planner/chats/no-such-chat-0000000000')
      expect(signedIn.status).toBe(404)
      expect(signedIn.json).toEqual({ error: 'Chat "no-such-chat-0000000000" was not found for agent "planner".', code: 'not-found' })
      const anonymous = await app.frogbot.fetch(new Request('http://localhost/api/agents/planner/chats/no-such-chat-0000000000/pending'))
      expect(anonymous.status).toBe(401)
    } finally {
      await app.close()
    }
  })
})
