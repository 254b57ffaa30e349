import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildConfig, createFrogbot, sqliteAdapter } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import planner from './planner.seed.ts'
import { pickFile } from './pick-file.seed.ts'

describe("the seed's code samples run unchanged against our packages", () => {
  it('"Add the tool": the planner config builds with the question tool', () => {
    expect(planner.agents.map((agent) => agent.slug)).toEqual(['planner'])
    expect(planner.agents[0].tools).toEqual([question])
  })

  it('"Build a client tool": pick_file pauses a turn and its validate refuses a file that was not offered', async () => {
    const model = scriptedModel([toolStep([{ toolCallId: 'call_f', toolName: 'pick_file', input: { files: ['a.txt', 'b.txt'] } }]), textStep('Using b.txt.')])
    const config = buildConfig({ agents: [{ ...planner.agents[0], tools: [question, pickFile] }], db: sqliteAdapter({ filename: ':memory:' }) })
    const frogbot = await createFrogbot(config, { model, log: () => {}, maintenanceIntervalMs: 0 })
    const user = { id: 'u1', email: 'ada@example.com', name: null }
    const caller = { user, door: 'http' as const }
    const sent = await frogbot.sendMessage({ agent: 'planner', caller, text: 'Which file?' })
    if (sent.status !== 'started') throw new Error('expected a turn')
    void sent.run.stream.cancel()
    expect(await sent.run.result).toMatchObject({ status: 'awaiting-input', pending: [{ toolName: 'pick_file', input: { files: ['a.txt', 'b.txt'] } }] })
    await expect(frogbot.settle({ chatId: sent.chatId, caller, toolCallId: 'call_f', output: { file: 'c.txt' } })).rejects.toMatchObject({
      code: 'invalid-output',
      message: 'Pick one of the offered files.'
    })
    await expect(frogbot.settle({ chatId: sent.chatId, caller: { user: null, door: 'http' }, toolCallId: 'call_f', output: { file: 'b.txt' } })).rejects.toMatchObject({ code: 'unauthorized' })
    const settled = await frogbot.settle({ chatId: sent.chatId, caller, toolCallId: 'call_f', output: { file: 'b.txt' } })
    if (settled.kind !== 'continued') throw new Error('expected the turn to continue')
    void settled.run.stream.cancel()
    expect(await settled.run.result).toMatchObject({ status: 'complete', text: 'Using b.txt.' })
    await frogbot.close()
  })

  it("the planner example's pick_file is the seed's sample, unchanged", () => {
    const code = (file: URL) => readFileSync(file, 'utf8').split('\n').filter((line) => !line.startsWith('//')).join('\n').trim()
    expect(code(new URL('../../../../examples/planner/tools/pick-file.ts', import.meta.url))).toBe(code(new URL('./pick-file.seed.ts', import.meta.url)))
  })
})
