import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { SHUTDOWN_WHILE_APPROVED_RUN_TEXT, SHUTDOWN_WHILE_TOOL_RAN_TEXT } from '@frogbotai/protocol'
import type { DatabaseAdapter, Tool, User } from '../../src/index.ts'
import { BACKENDS } from '../helpers/databases.ts'
import {
  heldStep,
  scriptedModel,
  streamingModel,
  textStep,
  toolStep
} from '../../src/testing/scripted-model.ts'
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
  it('ends the turn (shutdown: true), keeps its text, refuses work, no unhandled rejection', async () => {
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
    // The server shut down; nobody pressed Stop: the result says which.
    const result = await sent.run.result
    expect(result).toMatchObject({ status: 'complete', shutdown: true })
    expect(result).not.toHaveProperty('stopped')

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

// docs/agents/approvals.md, "When the server shuts down". Found on PostgreSQL (2 of 2 runs).
for (const kind of BACKENDS) kind.describe(`close() while an approved tool runs (${kind.name})`, () => {
  /** `slow_job`, which needs approval; its `execute` takes `ms` (or until `release`), counted in `runs`. */
  function slowJob(ms: number | null) {
    const job = { runs: 0, ended: 0, started: later(), release: later() }
    const tool: Tool<z.ZodObject<Record<string, never>>> = {
      slug: 'slow_job',
      description: 'A job that takes a while.',
      inputSchema: z.object({}),
      needsApproval: true,
      execute: async () => {
        job.runs++
        job.started.resolve()
        await (ms === null ? job.release.promise : new Promise((resolve) => setTimeout(resolve, ms)))
        job.ended++
        return { done: true, report: 'all rows copied' }
      }
    }
    return { tool, job }
  }

  /** A chat whose `slow_job` call waits for approval, approved over HTTP; resolves once the tool started. */
  async function approvedAndRunning(ms: number | null) {
    const { tool, job } = slowJob(ms)
    const call = { toolCallId: 'call_job', toolName: 'slow_job', input: {} }
    const model = scriptedModel([toolStep([call]), textStep('The job is done.')])
    const db = await kind.open()
    cleanups.push(db.close)
    const app = await testFrogbot({ model, tools: [tool], config: { db: db.adapter } })
    cleanups.push(() => job.release.resolve(), app.close)
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Run the slow job' })
    expect(first.json).toMatchObject({ status: 'awaiting-input' })
    const chatId = first.json.chatId as string
    const settleURL = `/api/agents/planner/chats/${chatId}/settle`
    const approving = app.call('POST', settleURL, { toolCallId: 'call_job', approved: true })
    await job.started.promise
    return { app, job, chatId, approving, db: db.adapter }
  }

  /** The stored part of `call_job` and the chat's state, read by a new FrogBot on the same database. */
  async function storedAfter(db: DatabaseAdapter, chatId: string, user: User) {
    const after = await testFrogbot({ model: streamingModel([]), config: { db } })
    cleanups.push(after.close)
    const read = await after.frogbot.readChat({ chatId, caller: { user } })
    const isJob = (entry: { type: string }) => 'toolCallId' in entry && entry.toolCallId === 'call_job'
    const part = read.messages.at(-1)!.parts.find(isJob)
    return { state: read.chat.state, part, metadata: read.messages.at(-1)!.metadata }
  }

  it('a tool ending within the grace: its output is stored, it ran once, the approver is told', async () => {
    // A new-user run: the finished tool's result was thrown away as "Stopped while the approved
    // tool ran; its result is unknown …", and the approver got `stopped: true` as if for a Stop.
    const { app, job, chatId, approving, db } = await approvedAndRunning(1500)
    await app.frogbot.close()
    expect(job.ended).toBe(1)
    const answer = await approving
    expect(answer.status).toBe(200)
    const settlement = { toolCallId: 'call_job', outcome: 'approved' }
    expect(answer.json).toMatchObject({ status: 'complete', chatId, shutdown: true, settlement })
    expect(answer.json.stopped).toBeUndefined()
    const stored = await storedAfter(db, chatId, app.user)
    expect(stored.state).toBe('idle')
    const output = { done: true, report: 'all rows copied' }
    expect(stored.part).toMatchObject({ state: 'output-available', output })
    expect(job.runs).toBe(1)
  })

  it('a tool still running when the grace ends gets a tool error saying the server shut down', async () => {
    const { app, job, chatId, approving, db } = await approvedAndRunning(null)
    await app.frogbot.close()
    expect((await approving).json).toMatchObject({ status: 'complete', shutdown: true })
    const stored = await storedAfter(db, chatId, app.user)
    expect(stored.part).toMatchObject({ state: 'output-error', errorText: SHUTDOWN_WHILE_APPROVED_RUN_TEXT })
    expect(stored.state).toBe('idle')
    job.release.resolve()
    expect(job.runs).toBe(1)
  }, 30_000)
})

// docs/chat/turns.md, "A server shutting down": a server tool that needs no approval.
for (const kind of BACKENDS) kind.describe(`close() while a server tool runs (${kind.name})`, () => {
  /**
   * `copy_rows`, no approval; its `execute` takes `ms` (or until `release`), counted in `runs`, and
   * gives up when its `abortSignal` fires (`abortedAt`, ms after the test's `closing` mark);
   * `chatId` is its chat's.
   */
  function copyRows(ms: number | null) {
    const job = {
      runs: 0,
      ended: 0,
      started: later(),
      release: later(),
      closing: 0,
      abortedAt: -1,
      chatId: ''
    }
    const tool: Tool<z.ZodObject<Record<string, never>>> = {
      slug: 'copy_rows',
      description: 'Copies the rows; takes a while.',
      inputSchema: z.object({}),
      execute: async (_input, { abortSignal, chatId }) => {
        job.chatId = chatId ?? ''
        job.runs++
        job.started.resolve()
        const aborted = new Promise<never>((_resolve, reject) => {
          abortSignal?.addEventListener('abort', () => {
            job.abortedAt = Date.now() - job.closing
            reject(new Error('copy_rows gave up: its abortSignal fired'))
          })
        })
        aborted.catch(() => {})
        const work = ms === null ? job.release.promise : new Promise((resolve) => setTimeout(resolve, ms))
        await Promise.race([work, aborted])
        job.ended++
        return { copied: 120 }
      }
    }
    return { tool, job }
  }

  /** A turn over HTTP running `copy_rows` after the text "Copying the rows. "; resolves once it started. */
  async function running(ms: number | null) {
    const { tool, job } = copyRows(ms)
    const call = { toolCallId: 'call_copy', toolName: 'copy_rows', input: {} }
    const model = scriptedModel([toolStep([call], 'Copying the rows. '), textStep('All rows are copied.')])
    const db = await kind.open()
    cleanups.push(db.close)
    const app = await testFrogbot({ model, tools: [tool], config: { db: db.adapter } })
    cleanups.push(() => job.release.resolve(), app.close)
    const asking = app.call('POST', '/api/agents/planner', { prompt: 'Copy the rows' })
    await job.started.promise
    return { app, job, model, tool, asking, db: db.adapter }
  }

  /** The chat as a new FrogBot on the same database (with the tool) reads it, 300 ms after it started. */
  async function storedAfter(db: DatabaseAdapter, chatId: string, user: User, tool: Tool<any>) {
    const model = streamingModel([])
    const after = await testFrogbot({ model, tools: [tool], config: { db } })
    cleanups.push(after.close)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const read = await after.frogbot.readChat({ chatId, caller: { user } })
    const isCopy = (entry: { type: string }) => 'toolCallId' in entry && entry.toolCallId === 'call_copy'
    const message = read.messages.at(-1)!
    const modelCalls = model.doStreamCalls.length
    return { state: read.chat.state, part: message.parts.find(isCopy), message, modelCalls }
  }

  it('a tool ending within the grace: its output is stored, the text kept, it ran once', async () => {
    // Found: the finished tool's output was thrown away and the call stored as
    // "Closed without an answer." (a tool error), as if nobody had run it.
    const { app, job, model, tool, asking, db } = await running(1500)
    await app.frogbot.close()
    // The tool's abortSignal did not cut it: it fires only when the grace is over.
    expect(job.abortedAt).toBe(-1)
    expect(job.ended).toBe(1)
    const answer = await asking
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({ status: 'complete', shutdown: true, text: 'Copying the rows. ' })
    expect(answer.json.stopped).toBeUndefined()
    const chatId = answer.json.chatId as string
    const stored = await storedAfter(db, chatId, app.user, tool)
    expect(stored.state).toBe('idle')
    expect(stored.part).toMatchObject({ state: 'output-available', output: { copied: 120 } })
    expect(JSON.stringify(stored.message.parts)).toContain('Copying the rows. ')
    // Nobody runs the tool or the model again: not the closing server, not the next one.
    expect(job.runs).toBe(1)
    expect(model.doStreamCalls.length).toBe(1)
    expect(stored.modelCalls).toBe(0)
  })

  it('a tool still running when the grace ends gets a tool error saying the server shut down', async () => {
    const { app, job, tool, asking, db } = await running(null)
    job.closing = Date.now()
    await app.frogbot.close()
    // The tool's grace (5 s), not more: close() does not wait for the tool beyond it, and the
    // tool's abortSignal fires when the grace is over, not before.
    expect(Date.now() - job.closing).toBeLessThan(9000)
    expect(job.abortedAt).toBeGreaterThanOrEqual(4900)
    const answer = await asking
    expect(answer.json).toMatchObject({ status: 'complete', shutdown: true, text: 'Copying the rows. ' })
    const stored = await storedAfter(db, answer.json.chatId as string, app.user, tool)
    expect(stored.part).toMatchObject({ state: 'output-error', errorText: SHUTDOWN_WHILE_TOOL_RAN_TEXT })
    expect(stored.state).toBe('idle')
    job.release.resolve()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(job.runs).toBe(1)
  }, 30_000)

  it("a person's Stop is no shutdown: the tool's abortSignal fires at once, stopped: true", async () => {
    const { app, job, asking } = await running(null)
    job.closing = Date.now()
    const stop = await app.call('POST', `/api/agents/planner/chats/${job.chatId}/stop`, {})
    expect(stop.json).toMatchObject({ chatId: job.chatId, stopped: true })
    const answer = await asking
    expect(answer.json).toMatchObject({ status: 'complete', stopped: true })
    expect(answer.json.shutdown).toBeUndefined()
    expect(job.abortedAt).toBeGreaterThanOrEqual(0)
    expect(job.abortedAt).toBeLessThan(1000)
  })
})

/** A promise with its `resolve`. */
function later() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}
