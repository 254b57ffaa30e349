import { afterEach, describe, expect, it } from 'vitest'
import { heldStep, streamingModel } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

/** Records every unhandled rejection while the test runs. */
function watchRejections() {
  const seen: unknown[] = []
  const listener = (reason: unknown) => seen.push(reason)
  process.on('unhandledRejection', listener)
  cleanups.push(() => process.off('unhandledRejection', listener))
  return seen
}

describe('close() while a turn is running', () => {
  it('ends the turn as stopped, keeps what it generated, refuses new work and leaves no unhandled rejection', async () => {
    const rejections = watchRejections()
    const held = heldStep('Plan: first the venue, ')
    const app = await testFrogbot({ model: streamingModel([held.stream]) })
    const { frogbot, user, file } = app
    const sent = await frogbot.sendMessage({ agent: 'planner', text: 'Plan the offsite', caller: { user, door: 'local' } })
    if (sent.status !== 'started') throw new Error('the turn did not start')
    await held.started
    // Once the text is out, nobody reads the stream or the result any more, as in the report.
    const reader = sent.run.stream.getReader()
    while ((await reader.read()).value?.type !== 'text-delta');
    reader.releaseLock()
    await frogbot.close()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(rejections).toEqual([])
    expect(await sent.run.result).toMatchObject({ status: 'complete', stopped: true })

    await expect(frogbot.sendMessage({ agent: 'planner', text: 'Again', caller: { user } })).rejects.toMatchObject({ code: 'closed' })
    await expect(frogbot.close()).resolves.toBeUndefined()

    // The chat is usable at once after a restart, with what the turn had generated.
    const after = await testFrogbot({ filename: file, model: streamingModel([]) })
    cleanups.push(after.close)
    const read = await after.frogbot.readChat({ chatId: sent.chatId, caller: { user } })
    expect(read.chat.state).toBe('idle')
    expect(read.messages.map((message) => message.role)).toEqual(['user', 'assistant'])
    expect(JSON.stringify(read.messages[1]!.parts)).toContain('Plan: first the venue')
  })

  it('over HTTP, every /api request after close() is 503 closed, sign-in and token checks included, never a 500', async () => {
    const app = await testFrogbot({ model: streamingModel([]) })
    await app.frogbot.close()
    const requests = [
      app.call('GET', '/api/agents'),
      app.call('POST', '/api/agents/planner', { prompt: 'Plan the offsite' }),
      app.call('POST', '/api/auth/login', { email: 'ada@example.com', password: 'not-her-password' }, { origin: 'http://localhost' }),
      app.call('GET', '/api/health')
    ]
    for (const answer of await Promise.all(requests)) {
      expect(answer).toMatchObject({ status: 503, json: { code: 'closed', error: expect.stringContaining('shutting down') } })
    }
  })
})
