import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildConfig } from '../../src/index.ts'
import { sqliteAdapter } from '../../src/store/sqlite-adapter.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { serveFrogbot } from '../../src/testing/serve-frogbot.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'
import { createTestUser } from '../../src/testing/test-users.ts'
import { question } from '../../src/tools/index.ts'
import { probePiece } from './probe-piece.ts'
import { toychatStandIn } from './toychat/toychat-stand-in.ts'

// How the kit reads a thread message before the agent does: a reply that answers a waiting card is
// settled and consumed (never sent to the agent), a broken one is told its rule, an ordinary one
// goes on to the agent; and partial answers kept between clicks, with their revision and captures.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const ADA = { id: 'u-ada', name: 'ada', email: 'ada@example.com' }
const BOB = { id: 'u-bob', name: 'bob', email: 'bob@example.com' }
const ask = (input: unknown = colorQuestion) => toolStep([{ toolCallId: 'call_q', toolName: 'question', input }], 'Let me ask.')
const order = {
  questions: [
    { header: 'Size', question: 'Which size?', options: [{ label: 'Small' }, { label: 'Large' }], custom: false },
    { header: 'Note', question: 'Anything else?', options: [{ label: 'No' }] }
  ]
}

async function start(steps: Parameters<typeof scriptedModel>[0]) {
  const standIn = await toychatStandIn()
  const temp = tempDir()
  const probe = probePiece(standIn)
  const model = scriptedModel(steps)
  const served = await serveFrogbot({ config: buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [probe.piece] }], db: sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') }) }), model })
  await createTestUser(served.frogbot, { email: ADA.email })
  await createTestUser(served.frogbot, { email: BOB.email })
  cleanups.push(() => temp.remove(), () => standIn.close(), () => served.close())
  const texts = () => standIn.messages.map((message) => message.text)
  const settlements = async () => (await served.chats())[0].messages.find((message) => message.parts.some((part) => (part as { toolCallId?: string }).toolCallId === 'call_q'))!.settlements
  return { standIn, probe, model, served, texts, settlements, card: () => standIn.messages.find((message) => message.text.includes('Reply with'))! }
}

describe('a thread message read as an answer', () => {
  it('a reply that answers the waiting card is settled and consumed: the agent never sees it, and the card is replaced', async () => {
    const { probe, model, texts, settlements, card } = await start([ask(), textStep('Blue it is.')])
    expect(await probe.say(ADA, 'paint the shed')).toBe('started')
    expect(await probe.say(BOB, 'blue')).toBe('answered')
    expect(await settlements()).toMatchObject([{ outcome: 'answered', by: { channel: { userId: BOB.id } } }])
    expect(model.doStreamCalls).toHaveLength(2)
    expect(JSON.stringify(model.doStreamCalls[1].prompt)).not.toContain('"blue"')
    expect(card().edits).toEqual([expect.stringContaining('✅ Blue')])
    expect(texts()).toContain('Blue it is.')
  })

  it('an ordinary message while the question waits is not taken for an answer: it waits for the agent, and its sender is told', async () => {
    const { probe, model, texts, settlements } = await start([ask(), textStep('Red it is.'), textStep('Tomorrow then.')])
    await probe.say(ADA, 'paint the shed')
    expect(await probe.say(BOB, 'can we do it tomorrow?')).toBe('queued')
    expect(texts()).toContain('@bob Your message waits until the question above is answered or dismissed; then it is read.')
    expect(await probe.say(ADA, '1')).toBe('answered')
    expect(await settlements()).toMatchObject([{ outcome: 'answered', by: { channel: { userId: ADA.id } } }])
    for (let tries = 0; model.doStreamCalls.length < 3 && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(JSON.stringify(model.doStreamCalls[2].prompt)).toContain('can we do it tomorrow?')
  })

  it('a reply that breaks a rule is consumed and its sender told the rule, naming the question; the question stays open', async () => {
    const { probe, model, texts, served, card } = await start([ask(order), textStep('Done.')])
    await probe.say(ADA, 'plan it')
    expect(await probe.say(ADA, '1: Huge\n2: No')).toBe('answered')
    expect(texts()).toContain("@ada 'Size' has no option “Huge”; choose by number (1 to 2) or write an option as it is written.")
    expect(await probe.say(ADA, '1: 2')).toBe('answered')
    expect(texts()).toContain("@ada 'Note' has no answer; add a line such as “2: 1”.")
    expect((await served.chats())[0].chat.state).toBe('awaiting')
    expect(await probe.say(ADA, 'Size: Large\nNote: "none at all"')).toBe('answered')
    expect((await served.chats())[0].messages.at(-1)!.parts).toContainEqual(expect.objectContaining({ output: { answers: [{ header: 'Size', selected: ['Large'] }, { header: 'Note', selected: [], custom: 'none at all' }] } }))
    expect(card().edits).toHaveLength(1)
    expect(model.doStreamCalls).toHaveLength(2)
  })

  it('own words answer only when they reply to the card itself; once the question ended, a reply to its card is told who settled it', async () => {
    const { probe, texts, settlements, card } = await start([ask(), textStep('Teal it is.'), textStep('Noted.')])
    await probe.say(ADA, 'paint the shed')
    expect(await probe.say(ADA, 'teal would be nice')).toBe('queued')
    expect(await probe.say(ADA, 'teal', { replyTo: card().id })).toBe('answered')
    expect(await settlements()).toMatchObject([{ outcome: 'answered' }])
    expect(await probe.say(BOB, 'red', { replyTo: card().id })).toBe('answered')
    expect(texts()).toContain('@bob This question was already answered by ada.')
    expect(card().edits).toHaveLength(1)
  })
})

describe('partial answers between clicks', () => {
  it('keeps a change made from the revision a participant saw, refuses one made from an older revision, and forgets it once the call ended', async () => {
    const { probe, settlements } = await start([ask(order), textStep('Done.')])
    await probe.say(ADA, 'plan it')
    const { runtime } = probe.context()
    const card = (await runtime.cards.ofCall((await probe.context().engine.chatOf('t-main'))!.id, 'call_q'))!
    expect(await runtime.partialOf(card)).toEqual({ revision: 0, step: 0, selections: [] })
    const pickLarge = { card, participant: { userId: ADA.id }, change: () => ({ step: 1, selections: [{ selected: ['Large'] }] }) }
    expect(await runtime.keep({ ...pickLarge, revision: 0 })).toEqual({ partial: { revision: 1, step: 1, selections: [{ selected: ['Large'] }] } })
    // Two clicks on the drawing of revision 0: the first won, the other is told the card changed.
    expect(await runtime.keep({ ...pickLarge, revision: 0 })).toEqual({ kind: 'changed' })
    expect(await runtime.keep({ ...pickLarge, revision: 1, messageId: 'not-the-card' })).toEqual({ kind: 'closed' })
    // Two changes from revision 1 at once: exactly one is kept.
    const racing = await Promise.all([runtime.keep({ ...pickLarge, revision: 1 }), runtime.keep({ ...pickLarge, revision: 1 })])
    expect(racing.filter((outcome) => 'partial' in outcome)).toHaveLength(1)
    expect(racing.filter((outcome) => 'kind' in outcome && outcome.kind === 'changed')).toHaveLength(1)
    expect((await runtime.partialOf(card)).revision).toBe(2)

    // "Other…": Ada's next message in the thread is her typed answer to question 2; it completes the call.
    await runtime.capture({ card, participant: { userId: ADA.id }, question: 1 })
    expect(await probe.say(ADA, 'ring twice')).toBe('answered')
    expect(await settlements()).toMatchObject([{ outcome: 'answered', by: { channel: { userId: ADA.id } } }])
    expect((await probe.context().engine.readChat(card.chatId)).messages.at(-1)!.parts).toContainEqual(
      expect.objectContaining({ output: { answers: [{ header: 'Size', selected: ['Large'] }, { header: 'Note', selected: [], custom: 'ring twice' }] } })
    )
    expect(await runtime.partialOf(card)).toEqual({ revision: 0, step: 0, selections: [] })
  })

  it('a typed answer captured for one question of several is kept, the card redrawn a step further; a capture is only its participant\'s, and lapses', async () => {
    const { probe, texts, served } = await start([ask(order), textStep('Done.')])
    await probe.say(ADA, 'plan it')
    const { runtime } = probe.context()
    const card = (await runtime.cards.ofCall((await probe.context().engine.chatOf('t-main'))!.id, 'call_q'))!
    await runtime.capture({ card, participant: { userId: ADA.id }, question: 1 })
    // Bob is not the one who pressed "Other…": his message is an ordinary one.
    expect(await probe.say(BOB, 'ring twice')).toBe('queued')
    expect(await probe.say(ADA, 'ring twice')).toBe('answered')
    expect(texts()).toContain('partial 1: step 0')
    expect(await runtime.partialOf(card)).toEqual({ revision: 1, step: 0, selections: [{ selected: [] }, { selected: [], custom: 'ring twice' }] })
    expect((await served.chats())[0].chat.state).toBe('awaiting')
    await runtime.capture({ card, participant: { userId: ADA.id }, question: 0, forMs: 1 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await probe.say(ADA, 'something else')).toBe('queued')
  })

  it('typed words join the picks of a question that takes several, and replace the pick of one that takes one', async () => {
    const extras = { questions: [{ header: 'Size', question: 'Which size?', options: [{ label: 'Small' }, { label: 'Large' }] }, { header: 'Extras', question: 'What else?', options: [{ label: 'Window' }, { label: 'Lock' }], multiple: true }] }
    const { probe } = await start([ask(extras), textStep('Done.')])
    await probe.say(ADA, 'plan it')
    const { runtime } = probe.context()
    const card = (await runtime.cards.ofCall((await probe.context().engine.chatOf('t-main'))!.id, 'call_q'))!
    await runtime.keep({ card, participant: { userId: ADA.id }, revision: 0, change: () => ({ step: 1, selections: [{ selected: [] }, { selected: ['Window', 'Lock'] }] }) })
    await runtime.capture({ card, participant: { userId: ADA.id }, question: 1 })
    expect(await probe.say(ADA, 'a doorbell')).toBe('answered')
    expect(await runtime.partialOf(card)).toMatchObject({ revision: 2, selections: [{ selected: [] }, { selected: ['Window', 'Lock'], custom: 'a doorbell' }] })
    const { selections } = await runtime.partialOf(card)
    await runtime.keep({ card, participant: { userId: ADA.id }, revision: 2, change: () => ({ step: 0, selections: [{ selected: ['Large'] }, selections[1]] }) })
    await runtime.capture({ card, participant: { userId: ADA.id }, question: 0 })
    expect(await probe.say(ADA, 'medium, please')).toBe('answered')
    expect((await probe.context().engine.readChat(card.chatId)).messages.at(-1)!.parts).toContainEqual(
      expect.objectContaining({ output: { answers: [{ header: 'Size', selected: [], custom: 'medium, please' }, { header: 'Extras', selected: ['Window', 'Lock'], custom: 'a doorbell' }] } })
    )
  })
})
