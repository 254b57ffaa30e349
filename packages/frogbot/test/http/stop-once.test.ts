import { parseJsonEventStream, uiMessageChunkSchema } from 'ai'
import { afterEach, expect, it } from 'vitest'
import { buildConfig, createFrogbot, type Frogbot } from '../../src/index.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { question } from '../../src/tools/index.ts'
import { readAnswer } from '../../src/testing/read-answer.ts'
import { colorQuestion, heldStep, scripted, streamingModel } from '../../src/testing/scripted-model.ts'
import { textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { BACKENDS } from '../helpers/databases.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// docs/chat/turns.md (Stop): a Stop acts on the turn, or the waiting question, current when it
// arrived. Regression: two Stops sent at once (a double-click, a client's retry) while a message was
// queued both answered `stopped: true`: the first cancelled the waiting question, which started the
// queued message's turn, and the second cancelled the question that turn had just asked, before
// anyone saw it. Regression (a new-user run, 4 of 4 through a real server): a second Stop read only
// after the queued turn asked still cancelled that question; a Stop now names the reply it is for
// (`messageId`), and one naming another turn's stops nothing.

const sizeOptions = [{ label: 'S' }, { label: 'L' }]
const sizeQuestion = { questions: [{ header: 'Size', question: 'Which size?', options: sizeOptions }] }
const asks = (toolCallId: string, input: unknown) =>
  scripted(toolStep([{ toolCallId, toolName: 'question', input }]))
const texts = (message: any) =>
  message.parts.filter((part: any) => part.type === 'text').map((part: any) => part.text)

let cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of cleanup.reverse()) await close()
  cleanup = []
})

/** Waits until `check` holds, at most 5 s. */
async function eventually(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 200; tries++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('timed out waiting')
}

for (const backend of BACKENDS) {
  backend.describe(`Stop acts on the turn current when it arrived: ${backend.name}`, () => {
    /** A FrogBot on a fresh database of this backend, playing `steps`, with Ada's token. */
    async function open(steps: (() => ReadableStream)[]) {
      const database = await backend.open()
      const model = streamingModel(steps)
      const app = await testFrogbot({ model, config: { db: database.adapter } })
      cleanup.push(async () => (await app.close(), await database.close()))
      const chatPath = (chatId: string) => `/api/agents/planner/chats/${chatId}`
      const chat = async (chatId: string) => (await app.call('GET', chatPath(chatId))).json
      const stop = (chatId: string, body?: unknown) => app.call('POST', `${chatPath(chatId)}/stop`, body)
      const send = (body: { chatId?: string; prompt: string }) =>
        app.call('POST', '/api/agents/planner', body)
      /**
       * A turn sent as a stream, as `useChat` sends it: the id of the message it writes, from its
       * first chunk (what a client knows while the turn runs), and its end once the rest is read.
       */
      const sendStreamed = async (body: { chatId?: string; prompt: string }) => {
        const headers = {
          authorization: `Bearer ${app.token}`,
          'content-type': 'application/json',
          accept: 'text/event-stream'
        }
        const url = 'http://localhost/api/agents/planner'
        const request = new Request(url, { method: 'POST', headers, body: JSON.stringify(body) })
        const response = await app.frogbot.fetch(request)
        const schema = uiMessageChunkSchema as never
        const reader = parseJsonEventStream({ stream: response.body!, schema }).getReader()
        const first = (await reader.read()).value as { value: { type: string; messageId?: string } }
        expect(first.value.type).toBe('start')
        const ended = (async () => {
          while (!(await reader.read()).done);
        })()
        return { messageId: first.value.messageId!, ended }
      }

      /**
       * A second server on the same database that is slow to write a Stop: its first chat
       * transaction waits until `release()`; `arrived` resolves once the Stop has read the chat and
       * asks for that transaction.
       */
      const slowServer = async () => {
        const agents = [{ slug: 'planner', model: 'fast', instructions: 'Ask.', tools: [question] }]
        const options = { model, log: () => {}, maintenanceIntervalMs: 0 }
        const frogbot: Frogbot = await createFrogbot(buildConfig({ agents, db: database.adapter }), options)
        cleanup.push(() => frogbot.close())
        const store = storeOf(frogbot)
        const withChat = store.withChat
        let enter!: () => void
        let release!: () => void
        const arrived = new Promise<void>((resolve) => (enter = resolve))
        const released = new Promise<void>((resolve) => (release = resolve))
        store.withChat = (async (...args: Parameters<typeof withChat>) => {
          store.withChat = withChat
          enter()
          await released
          return withChat(...args)
        }) as typeof withChat
        const stop = async (chatId: string, body?: unknown) => {
          const headers = { authorization: `Bearer ${app.token}` }
          const init = { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) }
          return readAnswer(await frogbot.fetch(new Request(`http://localhost${chatPath(chatId)}/stop`, init)))
        }
        return { stop, arrived, release }
      }
      return { app, model, chat, stop, send, sendStreamed, slowServer }
    }

    it('two Stops at once, a message queued: one cancels the question, the next turn’s waits', async () => {
      const steps = [asks('call_1', colorQuestion), asks('call_2', sizeQuestion)]
      const { model, chat, stop, send } = await open(steps)
      const asked = await send({ prompt: 'Plan a team offsite: city or mountains?' })
      expect(asked.json).toMatchObject({ status: 'awaiting-input', pending: [{ toolCallId: 'call_1' }] })
      const chatId = asked.json.chatId
      const queued = await send({ chatId, prompt: 'And the size?' })
      expect(queued).toMatchObject({ status: 202, json: { status: 'queued' } })

      // Both name the asking reply, as @frogbotai/ui does: however late the second is read (a loaded
      // machine reads it after the next turn asked), it stops nothing of that turn.
      const messageId = asked.json.pending[0].messageId
      const stops = await Promise.all([stop(chatId, { messageId }), stop(chatId, { messageId })])
      expect(stops.map((answer) => answer.status)).toEqual([200, 200])
      expect(stops.map((answer) => answer.json.stopped).sort()).toEqual([false, true])

      await eventually(async () => (await chat(chatId)).chat.state === 'awaiting')
      const after = await chat(chatId)
      expect(after.pending.map((call: any) => call.toolCallId)).toEqual(['call_2'])
      expect(after.queued).toEqual([])
      expect(after.messages[1].settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'cancelled' }])
      expect(after.messages[3].settlements).toEqual([])
      expect(model.doStreamCalls).toHaveLength(2)
    })

    it('a Stop sent while a question waited, written after the next turn asked, stops nothing', async () => {
      const steps = [asks('call_1', colorQuestion), asks('call_2', sizeQuestion)]
      const { model, chat, stop, send, slowServer } = await open(steps)
      const chatId = (await send({ prompt: 'Plan a team offsite: city or mountains?' })).json.chatId
      expect((await send({ chatId, prompt: 'And the size?' })).status).toBe(202)

      const slow = await slowServer()
      const late = slow.stop(chatId)
      await slow.arrived
      expect((await stop(chatId)).json).toEqual({ chatId, stopped: true })
      await eventually(async () => (await chat(chatId)).chat.state === 'awaiting')
      slow.release()
      expect((await late).json).toEqual({ chatId, stopped: false })

      const after = await chat(chatId)
      expect(after.chat.state).toBe('awaiting')
      expect(after.pending.map((call: any) => call.toolCallId)).toEqual(['call_2'])
      expect(after.messages[3].settlements).toEqual([])
      expect(model.doStreamCalls).toHaveLength(2)
    })

    it('a Stop sent while a turn ran, written after the next turn started, lets that turn run', async () => {
      const first = heldStep('Thinking about colors')
      const second = heldStep('Sizes, then')
      const { model, chat, stop, send, slowServer } = await open([first.stream, second.stream])
      const chatId = 'stop-once-running-chat-0002'
      const running = send({ chatId, prompt: 'Paint it' })
      await first.started
      expect((await send({ chatId, prompt: 'Then this' })).status).toBe(202)

      const slow = await slowServer()
      const late = slow.stop(chatId)
      await slow.arrived
      expect((await stop(chatId)).json).toEqual({ chatId, stopped: true })
      expect((await running).json).toMatchObject({ status: 'complete', stopped: true })
      await second.started
      slow.release()
      expect((await late).json).toEqual({ chatId, stopped: false })

      second.release()
      await eventually(async () => (await chat(chatId)).chat.state === 'idle')
      const after = await chat(chatId)
      const stopped = after.messages.map((message: any) => message.metadata?.stopped ?? false)
      expect(stopped).toEqual([false, true, false, false])
      expect(texts(after.messages[3])).toEqual(['Sizes, then'])
      expect(model.doStreamCalls).toHaveLength(2)
    })

    it('a late second Stop naming the asking reply leaves the next turn’s question waiting', async () => {
      const steps = [asks('call_1', colorQuestion), asks('call_2', sizeQuestion)]
      const { model, chat, stop, send } = await open(steps)
      const asked = (await send({ prompt: 'Plan a team offsite: city or mountains?' })).json
      const chatId = asked.chatId
      const first = asked.pending[0].messageId
      expect((await send({ chatId, prompt: 'And the size?' })).status).toBe(202)

      expect((await stop(chatId, { messageId: first })).json).toEqual({ chatId, stopped: true })
      await eventually(async () => (await chat(chatId)).chat.state === 'awaiting')
      // The second click of the double-click, read by the server only now.
      const late = await stop(chatId, { messageId: first })
      expect(late).toMatchObject({ status: 200, json: { chatId, stopped: false } })

      const after = await chat(chatId)
      expect(after.chat.state).toBe('awaiting')
      expect(after.pending.map((call: any) => call.toolCallId)).toEqual(['call_2'])
      expect(after.messages[1].settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'cancelled' }])
      expect(after.messages[3].settlements).toEqual([])
      expect(model.doStreamCalls).toHaveLength(2)

      // A Stop naming the reply that waits now stops it.
      const second = after.pending[0].messageId
      expect(second).toBe(after.messages[3].id)
      expect((await stop(chatId, { messageId: second })).json).toEqual({ chatId, stopped: true })
      const stopped = await chat(chatId)
      expect(stopped.chat.state).toBe('idle')
      expect(stopped.messages[3].settlements).toMatchObject([{ toolCallId: 'call_2', outcome: 'cancelled' }])
    })

    it('a late second Stop naming the running reply lets the next turn run', async () => {
      const first = heldStep('Thinking about colors')
      const second = heldStep('Sizes, then')
      const { model, chat, stop, send, sendStreamed } = await open([first.stream, second.stream])
      const chatId = 'stop-names-running-chat-01'
      const running = await sendStreamed({ chatId, prompt: 'Paint it' })
      await first.started
      expect((await send({ chatId, prompt: 'Then this' })).status).toBe(202)

      expect((await stop(chatId, { messageId: running.messageId })).json).toEqual({ chatId, stopped: true })
      await running.ended
      await second.started
      expect((await stop(chatId, { messageId: running.messageId })).json).toEqual({ chatId, stopped: false })
      expect((await chat(chatId)).chat.state).toBe('running')

      second.release()
      await eventually(async () => (await chat(chatId)).chat.state === 'idle')
      const after = await chat(chatId)
      expect(after.messages[1].id).toBe(running.messageId)
      const stopped = after.messages.map((message: any) => message.metadata?.stopped ?? false)
      expect(stopped).toEqual([false, true, false, false])
      expect(texts(after.messages[1])).toEqual(['Thinking about colors'])
      expect(texts(after.messages[3])).toEqual(['Sizes, then'])
      expect(model.doStreamCalls).toHaveLength(2)
    })

    it('a Stop naming the running reply, read by another server, stops it there; another name does not', async () => {
      const held = heldStep('Thinking about colors')
      const { chat, stop, sendStreamed, slowServer } = await open([held.stream])
      const chatId = 'stop-names-running-chat-02'
      const running = await sendStreamed({ chatId, prompt: 'Paint it' })
      await held.started

      // Another server, not held up: it reads the chat as this one wrote it.
      const other = await slowServer()
      other.release()
      const wrong = await other.stop(chatId, { messageId: `${running.messageId}x` })
      expect(wrong.json).toEqual({ chatId, stopped: false })
      expect((await chat(chatId)).chat.state).toBe('running')

      expect((await other.stop(chatId, { messageId: running.messageId })).json).toEqual({ chatId, stopped: true })
      await running.ended
      const after = await chat(chatId)
      expect(after.chat.state).toBe('idle')
      expect(after.messages[1]).toMatchObject({ id: running.messageId, metadata: { stopped: true } })
      expect((await stop(chatId, { messageId: running.messageId })).json).toEqual({ chatId, stopped: false })
    })

    it('a Stop naming a reply that continues after an answer stops the continuation', async () => {
      const held = heldStep('Blue, because it calms.')
      const { app, model, chat, stop, send } = await open([asks('call_1', colorQuestion), held.stream])
      const asked = (await send({ prompt: 'Paint it' })).json
      const { chatId } = asked
      const messageId = asked.pending[0].messageId
      const output = { answers: [{ header: 'Color', selected: ['Blue'] }] }
      const settlePath = `/api/agents/planner/chats/${chatId}/settle`
      const settled = app.call('POST', settlePath, { toolCallId: 'call_1', output })
      await held.started
      const another = await stop(chatId, { messageId: 'msg_of_another_turn' })
      expect(another.json).toEqual({ chatId, stopped: false })
      expect((await stop(chatId, { messageId })).json).toEqual({ chatId, stopped: true })
      expect((await settled).json).toMatchObject({ status: 'complete', messageId, stopped: true })
      const after = await chat(chatId)
      expect(after.chat.state).toBe('idle')
      expect(after.messages).toHaveLength(2)
      expect(after.messages[1].metadata).toMatchObject({ stopped: true })
      expect(model.doStreamCalls).toHaveLength(2)
    })

    it('a Stop naming a reply, read while it asked and written once an answer started its continuation, stops that', async () => {
      // A new-user run: a Stop sent together with an approval lost 6 of 20 times on PostgreSQL (the
      // answer was written first, so the calls the Stop saw were over). The Stop names the reply: it
      // is for that reply's turn, whatever the turn does by the time the Stop writes.
      const held = heldStep('Blue, because it calms.')
      const { app, model, chat, send, slowServer } = await open([asks('call_1', colorQuestion), held.stream])
      const asked = (await send({ prompt: 'Paint it' })).json
      const { chatId } = asked
      const messageId = asked.pending[0].messageId
      const other = await slowServer()
      const stopped = other.stop(chatId, { messageId })
      await other.arrived
      const output = { answers: [{ header: 'Color', selected: ['Blue'] }] }
      const settled = app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_1', output })
      await held.started
      other.release()
      expect((await stopped).json).toEqual({ chatId, stopped: true })
      expect((await settled).json).toMatchObject({ status: 'complete', messageId, stopped: true })
      const after = await chat(chatId)
      expect(after.chat.state).toBe('idle')
      expect(after.messages[1].metadata).toMatchObject({ stopped: true })
      expect(model.doStreamCalls).toHaveLength(2)
    })

    it('a Stop body other than { messageId? } is refused naming the field, and stops nothing', async () => {
      const { app, chat, stop, send } = await open([asks('call_1', colorQuestion)])
      const asked = (await send({ prompt: 'Paint it' })).json
      const { chatId } = asked
      const refusals = [
        [{ turn: 'x' }, 'body: unknown field "turn"'],
        [{ messageId: asked.pending[0].messageId, force: true }, 'body: unknown field "force"'],
        [{ messageId: 42 }, /^messageId: .*string/],
        [{ messageId: null }, /^messageId: .*string/],
        [{ messageId: '' }, 'messageId: must not be empty']
      ] as const
      for (const [body, error] of refusals) {
        const refused = await stop(chatId, body)
        expect(refused.status, JSON.stringify(body)).toBe(400)
        expect(refused.json.error).toMatch(error)
      }
      // A message of the chat that is not the waiting reply (the prompt), or no message at all.
      const stored = await chat(chatId)
      for (const messageId of [stored.messages[0].id, 'msg_nowhere']) {
        expect((await stop(chatId, { messageId })).json).toEqual({ chatId, stopped: false })
      }
      // The same from the app's own code.
      const caller = { user: app.user }
      const empty = app.frogbot.stop({ chatId, messageId: '', caller })
      const refusal = { code: 'bad-request', message: 'messageId: must not be empty' }
      await expect(empty).rejects.toMatchObject(refusal)
      expect(await app.frogbot.stop({ chatId, messageId: stored.messages[0].id, caller })).toBe(false)
      const after = await chat(chatId)
      expect(after.chat.state).toBe('awaiting')
      expect(after.pending.map((call: any) => call.toolCallId)).toEqual(['call_1'])
      expect(after.messages[1].settlements).toEqual([])
      // No body, and an empty object, stop as before.
      expect((await stop(chatId, '')).json).toEqual({ chatId, stopped: true })
      expect((await stop(chatId, {})).json).toEqual({ chatId, stopped: false })
    })

    it('one Stop cancels a waiting question; a Stop with nothing left answers stopped: false', async () => {
      const { app, model, chat, stop, send } = await open([asks('call_1', colorQuestion)])
      const chatId = (await send({ prompt: 'Paint it' })).json.chatId
      expect((await stop(chatId)).json).toEqual({ chatId, stopped: true })
      const after = await chat(chatId)
      expect(after.chat.state).toBe('idle')
      expect(after.pending).toEqual([])
      const by = { userId: app.user.id }
      const settlement = { toolCallId: 'call_1', outcome: 'cancelled', by }
      expect(after.messages[1].settlements).toMatchObject([settlement])
      expect((await stop(chatId)).json).toEqual({ chatId, stopped: false })
      expect(model.doStreamCalls).toHaveLength(1)
    })

    it('one Stop ends a running turn, keeping what it wrote, and the queued message starts', async () => {
      const held = heldStep('Thinking about colors')
      const { model, chat, stop, send } = await open([held.stream, scripted(textStep('Queued one.'))])
      const chatId = 'stop-once-running-chat-0001'
      const running = send({ chatId, prompt: 'Paint it' })
      await held.started
      expect((await send({ chatId, prompt: 'Then this' })).status).toBe(202)
      expect((await stop(chatId)).json).toEqual({ chatId, stopped: true })
      const ended = (await running).json
      expect(ended).toMatchObject({ status: 'complete', stopped: true, text: 'Thinking about colors' })
      await eventually(async () => {
        const now = await chat(chatId)
        return now.messages.length === 4 && now.chat.state === 'idle'
      })
      const after = await chat(chatId)
      expect(after.messages[1].metadata).toMatchObject({ stopped: true })
      expect(texts(after.messages[3])).toEqual(['Queued one.'])
      expect(model.doStreamCalls).toHaveLength(2)
    })
  })
}
