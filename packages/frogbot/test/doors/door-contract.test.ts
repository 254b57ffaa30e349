import { join } from 'node:path'
import { convertToModelMessages, isToolUIPart } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresAdapter, sqliteAdapter, type DatabaseAdapter } from '../../src/index.ts'
import { createTestDatabase, describePostgres } from '../../src/testing/postgres.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'
import type { StoredMessage } from '../../src/store/chat-records.ts'
import { toUIMessage } from '../../src/turns/transcript.ts'
import { channelDoor, DOORS, type DoorKit, httpDoor, localDoor, openDoorKit } from './doors.ts'

// One contract, every door: each turn rule runs through HTTP, the chat UI's resubmission, the CLI,
// the app's own code and a channel piece's door, on SQLite and on PostgreSQL (docs/chat/turns.md:
// one settle door). A door only turns its input into an engine call; the answers must agree.

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const NOT_ANSWERED = 'Cancelled because the user dismissed a related request.'

type Backend = { name: string; describe: (name: string, suite: () => void) => unknown; open: () => Promise<{ adapter: () => DatabaseAdapter; dir: string; close: () => Promise<void> }> }

const backends: Backend[] = [
  {
    name: 'SQLite file',
    describe,
    open: async () => {
      const temp = tempDir()
      const file = join(temp.dir, 'doors.db')
      return { adapter: () => sqliteAdapter({ filename: file }), dir: temp.dir, close: async () => temp.remove() }
    }
  },
  {
    name: 'PostgreSQL',
    describe: describePostgres,
    open: async () => {
      const database = await createTestDatabase()
      const temp = tempDir()
      return { adapter: () => postgresAdapter({ url: database.url }), dir: temp.dir, close: async () => (await database.drop(), temp.remove()) }
    }
  }
]

/** Waits until `check` holds (a queued turn starts and ends on its own), at most 5 s. */
async function eventually(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 200; tries++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('timed out waiting')
}

function partOf(messages: { parts: unknown[] }[], toolCallId: string): any {
  for (const message of messages) for (const part of message.parts as any[]) if (part.toolCallId === toolCallId) return part
}

/** Every stored transcript must stay valid for a model: each tool call has a result, each input is an object. */
async function expectValidTranscript(kit: DoorKit, chatId: string) {
  const { messages } = await kit.readChat(chatId)
  for (const message of messages) {
    for (const part of message.parts as any[]) {
      if (!isToolUIPart(part)) continue
      expect(typeof part.input === 'object' && part.input !== null && !Array.isArray(part.input)).toBe(true)
    }
  }
  await expect(convertToModelMessages((messages as StoredMessage[]).map(toUIMessage))).resolves.toBeDefined()
}

for (const backend of backends) {
  backend.describe(`the turn rules through every door: ${backend.name}`, () => {
    let kit: DoorKit
    let close: () => Promise<void>
    beforeAll(async () => {
      const opened = await backend.open()
      kit = await openDoorKit(opened.adapter, opened.dir)
      close = async () => {
        await kit.frogbot.close()
        await opened.close()
      }
    })
    afterAll(async () => close?.())

    for (const door of DOORS) {
      describe(door.name, () => {
        const prompt = (rule: string) => `ask ${rule.startsWith('two') ? 'two ' : ''}${backend.name} ${door.name} ${rule}`

        it('the first valid answer wins: the turn continues once, in the same message; a second answer is 409 already-settled', async () => {
          const { chatId, pending } = await door.ask(kit, prompt('first answer'))
          const [call] = pending
          expect(await door.settle(kit, chatId, { toolCallId: call.toolCallId, output: blue })).toEqual({ kind: 'continued' })
          const { chat, messages } = await kit.readChat(chatId)
          expect(chat.state).toBe('idle')
          expect(messages.map((message) => message.role)).toEqual(['user', 'assistant'])
          expect(messages[1].id).toBe(call.messageId)
          expect(partOf(messages, call.toolCallId)).toMatchObject({ state: 'output-available', output: blue })
          expect(messages[1].parts.filter((part: any) => part.type === 'text').map((part: any) => part.text)).toEqual(['Let me ask.', 'Continued after 1 results.'])
          expect(messages[1].settlements).toEqual([{ toolCallId: call.toolCallId, outcome: 'answered', by: door.by(kit), at: expect.any(String) }])
          expect(kit.callsFor(prompt('first answer'))).toBe(2)

          expect(await door.settle(kit, chatId, { toolCallId: call.toolCallId, output: { answers: [{ header: 'Color', selected: ['Red'] }] } })).toMatchObject({ refused: 'already-settled' })
          expect(kit.callsFor(prompt('first answer'))).toBe(2)
          await expectValidTranscript(kit, chatId)
        })

        it('an answer that breaks the rules is 400 invalid-output and changes nothing', async () => {
          const { chatId, pending } = await door.ask(kit, prompt('invalid'))
          const before = await kit.readChat(chatId)
          const refused = await door.settle(kit, chatId, { toolCallId: pending[0].toolCallId, output: { answers: [{ header: 'Color', selected: ['Green'] }] } })
          expect(refused).toMatchObject({ refused: 'invalid-output', message: expect.stringContaining('"Green" was not offered') })
          expect(await kit.readChat(chatId)).toEqual(before)
        })

        it('dismissing one call cancels the other, records who, and leaves the chat idle without calling the model', async () => {
          const { chatId, pending } = await door.ask(kit, prompt('two then dismiss'))
          const [questionCall, fileCall] = pending
          expect(await door.settle(kit, chatId, { toolCallId: questionCall.toolCallId, dismissed: true, reason: 'not now' })).toEqual({ kind: 'dismissed' })
          const { chat, messages, pending: waiting } = await kit.readChat(chatId)
          expect(chat.state).toBe('idle')
          expect(waiting).toEqual([])
          expect(partOf(messages, questionCall.toolCallId)).toMatchObject({ state: 'output-error', errorText: 'Dismissed by the user. Reason: not now' })
          expect(partOf(messages, fileCall.toolCallId)).toMatchObject({ state: 'output-error', errorText: NOT_ANSWERED })
          expect(messages[1].settlements).toEqual([
            { toolCallId: questionCall.toolCallId, outcome: 'dismissed', by: door.by(kit), at: expect.any(String), reason: 'not now' },
            { toolCallId: fileCall.toolCallId, outcome: 'cancelled', by: { system: true }, at: expect.any(String) }
          ])
          expect(kit.callsFor(prompt('two then dismiss'))).toBe(1)
          await expectValidTranscript(kit, chatId)
        })

        it('answering one of two calls waits for the other; an unknown call is 404 call-not-found', async () => {
          const { chatId, pending } = await door.ask(kit, prompt('two then answer'))
          expect(await door.settle(kit, chatId, { toolCallId: 'call_nobody', output: blue })).toMatchObject({ refused: 'call-not-found' })
          if (door.name === 'useChat resubmission') {
            // The chat UI resubmits once every call of the step has an output.
            expect(await door.settle(kit, chatId, { toolCallId: pending[0].toolCallId, output: blue })).toMatchObject({ refused: 'pending-calls' })
            return
          }
          expect(await door.settle(kit, chatId, { toolCallId: pending[0].toolCallId, output: blue })).toEqual({ kind: 'awaiting-input' })
          expect(await door.settle(kit, chatId, { toolCallId: pending[1].toolCallId, output: { file: 'b.txt' } })).toEqual({ kind: 'continued' })
          expect(kit.callsFor(prompt('two then answer'))).toBe(2)
        })

        it("a caller the agent's access refuses cannot settle, and nothing changes", async () => {
          const { chatId, pending } = await door.ask(kit, prompt('refused'))
          const before = await kit.readChat(chatId)
          const refused = await door.settle(kit, chatId, { toolCallId: pending[0].toolCallId, output: blue }, 'mallory')
          expect(refused).toMatchObject({ refused: 'forbidden' })
          expect(await kit.readChat(chatId)).toEqual(before)
        })

        it('a message sent while the question waits is queued, and starts as its sender once the question is answered', async () => {
          const { chatId, pending } = await door.ask(kit, prompt('queue'))
          const sender = door.send ? door : httpDoor
          expect(await sender.send!(kit, chatId, 'and the fence')).toMatchObject({ kind: 'queued' })
          const waiting = await kit.readChat(chatId)
          expect(waiting.chat.state).toBe('awaiting')
          expect(waiting.queued).toMatchObject([{ chatId, text: 'and the fence', sender: { userId: kit.ada.id } }])
          expect(kit.callsFor(prompt('queue'))).toBe(1)

          expect(await door.settle(kit, chatId, { toolCallId: pending[0].toolCallId, output: blue })).toEqual({ kind: 'continued' })
          // `frogbot answer` leaves queued messages to the servers' maintenance.
          if (door.name === 'CLI') await kit.frogbot.maintain()
          await eventually(async () => (await kit.readChat(chatId)).messages.length === 4 && (await kit.readChat(chatId)).chat.state === 'idle')
          const { messages, queued } = await kit.readChat(chatId)
          expect(queued).toEqual([])
          expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
          expect(messages[3].parts.find((part: any) => part.type === 'text')).toMatchObject({ text: 'Reply to: and the fence' })
          expect(kit.callsFor(prompt('queue'))).toBe(3)
          await expectValidTranscript(kit, chatId)
        })

        it('an approval: a yes runs the tool once and continues; a second decision is 409 already-settled; output on it is 400', async () => {
          const { chatId, pending } = await door.ask(kit, prompt('approve then yes'))
          const [call] = pending
          expect(call).toMatchObject({ kind: 'approval', toolName: 'send_invoice', input: { to: 'ACME', amount: 500 } })
          const runsBefore = kit.invoiceRuns.length
          expect(await door.settle(kit, chatId, { toolCallId: call.toolCallId, output: { sent: true } })).toMatchObject({ refused: 'bad-request' })
          expect(kit.invoiceRuns.length).toBe(runsBefore)
          expect(await door.settle(kit, chatId, { toolCallId: call.toolCallId, approved: true })).toEqual({ kind: 'continued' })
          expect(kit.invoiceRuns.length).toBe(runsBefore + 1)
          const { chat, messages } = await kit.readChat(chatId)
          expect(chat.state).toBe('idle')
          const part = partOf(messages, call.toolCallId)
          expect(part).toMatchObject({ state: 'output-available', output: { sent: true, to: 'ACME', amount: 500 }, approval: { approved: true } })
          expect(kit.invoiceRuns.at(-1)).toEqual({ input: { to: 'ACME', amount: 500 }, approvalId: part.approval.id })
          expect(messages[1].settlements).toEqual([{ toolCallId: call.toolCallId, outcome: 'approved', by: door.by(kit), at: expect.any(String) }])
          expect(kit.callsFor(prompt('approve then yes'))).toBe(2)
          expect(await door.settle(kit, chatId, { toolCallId: call.toolCallId, approved: false })).toMatchObject({ refused: 'already-settled' })
          expect(kit.invoiceRuns.length).toBe(runsBefore + 1)
          await expectValidTranscript(kit, chatId)
        })

        it('an approval: a no with a reason does not run the tool, and the model reads why', async () => {
          const { chatId, pending } = await door.ask(kit, prompt('approve then no'))
          const runsBefore = kit.invoiceRuns.length
          expect(await door.settle(kit, chatId, { toolCallId: pending[0].toolCallId, approved: false, reason: 'too much' })).toEqual({ kind: 'continued' })
          expect(kit.invoiceRuns.length).toBe(runsBefore)
          const { messages } = await kit.readChat(chatId)
          expect(partOf(messages, pending[0].toolCallId)).toMatchObject({ state: 'output-denied', approval: { approved: false, reason: 'too much' } })
          expect(messages[1].settlements).toEqual([{ toolCallId: pending[0].toolCallId, outcome: 'denied', by: door.by(kit), at: expect.any(String), reason: 'too much' }])
          await expectValidTranscript(kit, chatId)
        })

        it('an approval with an edited input: a wrong one is 400 invalid-input and changes nothing; a right one runs with the edit', async () => {
          const { chatId, pending } = await door.ask(kit, prompt('approve with edit'))
          const before = await kit.readChat(chatId)
          const runsBefore = kit.invoiceRuns.length
          expect(await door.settle(kit, chatId, { toolCallId: pending[0].toolCallId, approved: true, input: { to: '', amount: 500 } })).toMatchObject({ refused: 'invalid-input', message: expect.stringContaining('input.to') })
          expect(await kit.readChat(chatId)).toEqual(before)
          expect(await door.settle(kit, chatId, { toolCallId: pending[0].toolCallId, approved: true, input: { to: 'ACME Corp', amount: 450 } })).toEqual({ kind: 'continued' })
          expect(kit.invoiceRuns.slice(runsBefore).map((run) => run.input)).toEqual([{ to: 'ACME Corp', amount: 450 }])
          const { messages } = await kit.readChat(chatId)
          expect(partOf(messages, pending[0].toolCallId).input).toEqual({ to: 'ACME', amount: 500 })
          expect(messages[1].settlements[0]).toMatchObject({ outcome: 'approved', input: { to: 'ACME Corp', amount: 450 } })
        })

        if (door.stop) {
          it('Stop on a waiting chat cancels its calls, so a chat is never stuck behind a call nobody may answer', async () => {
            const { chatId, pending } = await door.ask(kit, prompt('stop'))
            expect(await door.stop!(kit, chatId)).toEqual({ kind: 'dismissed' })
            const { chat, messages } = await kit.readChat(chatId)
            expect(chat.state).toBe('idle')
            expect(partOf(messages, pending[0].toolCallId)).toMatchObject({ state: 'output-error', errorText: 'Cancelled because the user stopped the turn.' })
            expect(messages[1].settlements).toEqual([{ toolCallId: pending[0].toolCallId, outcome: 'cancelled', by: door.by(kit), at: expect.any(String) }])
            expect(await door.stop!(kit, chatId)).toEqual({ kind: 'complete' }) // nothing left to stop
          })
        }
      })
    }

    describe("a chat's home", () => {
      it('a channel conversation is written only from its channel: every web door gets 409 channel-chat with the notice', async () => {
        const { chatId, pending } = await channelDoor.ask(kit, 'ask the channel')
        const before = await kit.readChat(chatId)
        const notice = 'This conversation happens in Test chat. Continue it there, or branch it into a new chat.'
        for (const door of DOORS.filter((entry) => !entry.channel)) {
          expect(await door.settle(kit, chatId, { toolCallId: pending[0].toolCallId, output: blue }), door.name).toMatchObject({ refused: 'channel-chat' })
          if (door.send) expect(await door.send(kit, chatId, 'from the web'), door.name).toMatchObject({ refused: 'channel-chat', message: notice })
          if (door.stop) expect(await door.stop(kit, chatId), door.name).toMatchObject({ refused: 'channel-chat' })
        }
        expect(await kit.readChat(chatId)).toEqual(before)

        // Its owner reads it on the web (read-only) and may branch it into an ordinary web chat.
        const read = await kit.http('GET', `/api/agents/planner/chats/${chatId}`)
        expect(read.status).toBe(200)
        expect((await read.json()).chat).toMatchObject({ state: 'awaiting', channel: { piece: 'test', instance: 'testchat', account: 'T1' }, channelLabel: 'Test chat' })
        const branched = await kit.http('POST', `/api/agents/planner/chats/${chatId}/branch`, {})
        expect(branched.status).toBe(201)
        const branch = (await branched.json()).chat
        expect(branch).toMatchObject({ state: 'idle', channel: null, channelLabel: null })
        const copy = await kit.readChat(branch.id)
        expect(copy.messages.at(-1)!.parts.find((part: any) => part.type === 'tool-question')).toMatchObject({ state: 'output-error', errorText: 'Closed without an answer.' })
        expect(await localDoor.send!(kit, branch.id, 'in the branch')).toEqual({ kind: 'complete' })
        expect(await kit.readChat(chatId)).toEqual(before)
      })

      it('a web chat is not written from a channel', async () => {
        const { chatId, pending } = await httpDoor.ask(kit, 'ask on the web')
        const before = await kit.readChat(chatId)
        expect(await channelDoor.settle(kit, chatId, { toolCallId: pending[0].toolCallId, output: blue })).toMatchObject({ refused: 'not-found' })
        expect(await channelDoor.stop!(kit, chatId)).toMatchObject({ refused: 'not-found' })
        expect(await kit.readChat(chatId)).toEqual(before)
      })
    })
  })
}
