import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { buildConfig, TELEMETRY_NAMES } from '../../src/index.ts'
import { colorQuestion } from '../../src/testing/scripted-model.ts'
import { NODE } from '../helpers/spawn-serve.ts'

// FrogBot's spans and metrics as an app sees them when it registers the OpenTelemetry SDK before
// FrogBot starts (here with the SDK's in-memory exporter): fixtures/record-telemetry.ts runs the
// app in a Node process of its own (the SDK's packages load there as they do in an app) and prints
// what was recorded.

const run = promisify(execFile)
const answer = { answers: [{ header: 'Color', selected: ['Blue'], custom: 'a secret shade' }] }

type Span = { name: string; traceId: string; spanId: string; parentSpanId: string | null; start: number; end: number; attributes: Record<string, unknown>; links: { spanId: string; traceId: string; attributes: Record<string, unknown> }[] }
type Recorded = { chatId: string; statuses: number[]; spans: Span[]; whileWaiting: Record<string, { attributes: Record<string, unknown>; value: any }[]>; after: Record<string, { attributes: Record<string, unknown>; value: any }[]> }

async function record(env: Record<string, string> = {}): Promise<Recorded> {
  const fixture = new URL('./fixtures/record-telemetry.ts', import.meta.url).pathname
  const { stdout } = await run(NODE, ['--conditions=frogbot-source', fixture], { env: { ...process.env, ANSWER: JSON.stringify(answer), ...env }, timeout: 30_000 })
  return JSON.parse(stdout.trim().split('\n').at(-1)!)
}

describe('OpenTelemetry, with an SDK registered before FrogBot starts', () => {
  it('a span per turn, a wait span from asked to settled linked to both turns, a span per settle attempt with its outcome, and the metrics; no question or answer in attributes', async () => {
    const { chatId, statuses, spans, whileWaiting, after } = await record()
    expect(statuses).toEqual([200, 409, 404])
    const named = (name: string) => spans.filter((span) => span.name === name)

    const [asking, continuing] = named(TELEMETRY_NAMES.turn)
    expect(asking.attributes).toEqual({ 'frogbot.chat_id': chatId, 'frogbot.agent': 'planner', 'frogbot.turn.status': 'awaiting-input' })
    expect(continuing.attributes).toEqual({ 'frogbot.chat_id': chatId, 'frogbot.agent': 'planner', 'frogbot.turn.status': 'complete' })

    const [wait] = named(TELEMETRY_NAMES.wait)
    expect(named(TELEMETRY_NAMES.wait)).toHaveLength(1)
    expect(wait.attributes).toEqual({ 'frogbot.chat_id': chatId, 'frogbot.agent': 'planner', 'frogbot.tool_call_id': 'call_1', 'frogbot.tool': 'question', 'frogbot.outcome': 'answered' })
    // In the asking turn's trace (recorded by the other process), linked to the turn that asked and the one that continued.
    expect(wait.traceId).toBe(asking.traceId)
    expect(wait.parentSpanId).toBe(asking.spanId)
    expect(wait.links.map((link) => [link.spanId, link.attributes['frogbot.link']])).toEqual([
      [asking.spanId, 'asked'],
      [continuing.spanId, 'continued']
    ])
    // From when the call was asked (inside the asking turn) to when it was settled (before the continuation).
    expect(wait.start).toBeGreaterThanOrEqual(asking.start - 1)
    expect(wait.start).toBeLessThanOrEqual(asking.end + 1)
    expect(wait.end).toBeLessThanOrEqual(continuing.start + 1)

    const settles = named(TELEMETRY_NAMES.settle)
    expect(settles.map((span) => span.attributes['frogbot.outcome'])).toEqual(['continued', 'already-settled', 'call-not-found'])
    expect(settles[0].attributes).toEqual({ 'frogbot.chat_id': chatId, 'frogbot.door': 'http', 'frogbot.tool_call_ids': ['call_1'], 'frogbot.outcome': 'continued' })

    const everything = JSON.stringify(spans)
    expect(everything).not.toContain('secret shade')
    expect(everything).not.toContain(colorQuestion.questions[0].question)

    expect(whileWaiting[TELEMETRY_NAMES.waitingCalls]).toEqual([{ attributes: {}, value: 1 }])
    expect(after[TELEMETRY_NAMES.waitingCalls]).toEqual([{ attributes: {}, value: 0 }])
    expect(after[TELEMETRY_NAMES.settleOutcomes]).toEqual(
      expect.arrayContaining([
        { attributes: { 'frogbot.outcome': 'continued', 'frogbot.door': 'http' }, value: 1 },
        { attributes: { 'frogbot.outcome': 'already-settled', 'frogbot.door': 'http' }, value: 1 },
        { attributes: { 'frogbot.outcome': 'call-not-found', 'frogbot.door': 'http' }, value: 1 }
      ])
    )
    const durations = after[TELEMETRY_NAMES.waitDuration]
    expect(durations.map((point) => point.attributes)).toEqual([{ 'frogbot.tool': 'question', 'frogbot.outcome': 'answered' }])
    expect(durations[0].value.count).toBe(1)
    expect(durations[0].value.sum).toBeCloseTo((wait.end - wait.start) / 1000, 2)
  })

  it('with recordContent the wait span carries the question and the answer', async () => {
    const { spans } = await record({ RECORD_CONTENT: '1' })
    const wait = spans.find((span) => span.name === TELEMETRY_NAMES.wait)!
    expect(JSON.parse(String(wait.attributes['frogbot.question']))).toMatchObject(colorQuestion)
    expect(JSON.parse(String(wait.attributes['frogbot.answer']))).toMatchObject(answer)
  })
})

describe("the config's telemetry options", () => {
  it('a value that is not true or false, and an unknown key, are config errors naming them', () => {
    expect(() => buildConfig({ agents: [{ slug: 'planner', model: 'fast' }], telemetry: { enabled: 'yes' as never, recordContnt: true } as never })).toThrow(
      expect.objectContaining({ problems: expect.arrayContaining(['telemetry.enabled: must be true or false', expect.stringMatching(/^telemetry\.recordContnt: unknown option; did you mean recordContent\?/)]) })
    )
  })
})
