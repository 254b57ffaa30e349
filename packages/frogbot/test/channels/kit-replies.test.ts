import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildConfig, type Caller } from '../../src/index.ts'
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
/** Ada as the piece hands her to the runtime: a FrogBot user by her email, whom the default `access` accepts. */
const ada = { userId: ADA.id, name: ADA.name, email: ADA.email }
const ask = (input: unknown = colorQuestion) => toolStep([{ toolCallId: 'call_q', toolName: 'question', input }], 'Let me ask.')
const order = {
  questions: [
    { header: 'Size', question: 'Which size?', options: [{ label: 'Small' }, { label: 'Large' }], custom: false },
    { header: 'Note', question: 'Anything else?', options: [{ label: 'No' }] }
  ]
}

/** FrogBot with the probe piece; `access` is the agent's (default: any FrogBot user), `tool` the question tool it offers. */
async function start(steps: Parameters<typeof scriptedModel>[0], { access, tool = question }: { access?: (options: { req: Caller }) => boolean; tool?: typeof question } = {}) {
  const standIn = await toychatStandIn()
  const temp = tempDir()
  const probe = probePiece(standIn)
  const model = scriptedModel(steps)
  const agent = { slug: 'planner', model: 'fast', tools: [tool], channels: [probe.piece], ...(access ? { access } : {}) }
  const served = await serveFrogbot({ config: buildConfig({ agents: [agent], db: sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') }) }), model })
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
    const pickLarge = { card, participant: ada, change: () => ({ step: 1, selections: [{ selected: ['Large'] }] }) }
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
    await runtime.capture({ card, participant: ada, question: 1 })
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
    await runtime.capture({ card, participant: ada, question: 1 })
    // Bob is not the one who pressed "Other…": his message is an ordinary one.
    expect(await probe.say(BOB, 'ring twice')).toBe('queued')
    expect(await probe.say(ADA, 'ring twice')).toBe('answered')
    expect(texts()).toContain('partial 1: step 0')
    expect(await runtime.partialOf(card)).toEqual({ revision: 1, step: 0, selections: [{ selected: [] }, { selected: [], custom: 'ring twice' }] })
    expect((await served.chats())[0].chat.state).toBe('awaiting')
    await runtime.capture({ card, participant: ada, question: 0, forMs: 1 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await probe.say(ADA, 'something else')).toBe('queued')
  })

  it('a capture with replyTo takes only a reply to one of its messages, prompted once the participant may answer; other messages stay ordinary and keep the capture', async () => {
    const access = ({ req }: { req: Caller }) => req.channel?.userId !== BOB.id
    const { probe, texts, model } = await start([ask(order), textStep('Done.')], { access })
    await probe.say(ADA, 'plan it')
    const { runtime } = probe.context()
    const card = (await runtime.cards.ofCall((await probe.context().engine.chatOf('t-main'))!.id, 'call_q'))!
    const prompted: string[] = []
    const replyTo = (who: string) => async () => (prompted.push(who), ['m-card', `m-prompt-${who}`])
    expect(await runtime.capture({ card, participant: { userId: BOB.id, name: BOB.name, email: BOB.email }, question: 1, replyTo: replyTo('bob') })).toEqual({ kind: 'denied', to: 'answer' })
    expect(await runtime.capture({ card, participant: ada, question: 1, replyTo: replyTo('ada') })).toBeNull()
    expect(prompted).toEqual(['ada'])
    expect(await runtime.capturing({ thread: 't-main', participant: ada })).toEqual({ chatId: card.chatId, toolCallId: 'call_q', question: 1, step: 0, replyTo: ['m-card', 'm-prompt-ada'] })
    expect(await probe.say(ADA, 'just chatting')).toBe('queued')
    expect(await probe.say(ADA, 'about the reply', { replyTo: 'm-reply' })).toBe('queued')
    expect(await probe.say(ADA, 'ring twice', { replyTo: 'm-prompt-ada' })).toBe('answered')
    expect(await runtime.partialOf(card)).toEqual({ revision: 1, step: 0, selections: [{ selected: [] }, { selected: [], custom: 'ring twice' }] })
    expect(await runtime.capturing({ thread: 't-main', participant: ada })).toBeNull()

    // A reply to the prompt once the call ended is told who ended it, as a press would be; it never reaches the agent.
    await runtime.capture({ card, participant: ada, question: 1, replyTo: replyTo('ada') })
    expect(await probe.say(ADA, '1: 2\n2: 1')).toBe('answered')
    expect(await probe.say(ADA, 'a doorbell', { replyTo: 'm-prompt-ada' })).toBe('answered')
    expect(texts().at(-1)).toMatch(/^@ada This question was already answered by/)
    expect(JSON.stringify(model.doStreamCalls.map((call) => call.prompt))).not.toContain('a doorbell')
  })

  it('typed words join the picks of a question that takes several, and replace the pick of one that takes one', async () => {
    const extras = { questions: [{ header: 'Size', question: 'Which size?', options: [{ label: 'Small' }, { label: 'Large' }] }, { header: 'Extras', question: 'What else?', options: [{ label: 'Window' }, { label: 'Lock' }], multiple: true }] }
    const { probe } = await start([ask(extras), textStep('Done.')])
    await probe.say(ADA, 'plan it')
    const { runtime } = probe.context()
    const card = (await runtime.cards.ofCall((await probe.context().engine.chatOf('t-main'))!.id, 'call_q'))!
    await runtime.keep({ card, participant: ada, revision: 0, change: () => ({ step: 1, selections: [{ selected: [] }, { selected: ['Window', 'Lock'] }] }) })
    await runtime.capture({ card, participant: ada, question: 1 })
    expect(await probe.say(ADA, 'a doorbell')).toBe('answered')
    expect(await runtime.partialOf(card)).toMatchObject({ revision: 2, selections: [{ selected: [] }, { selected: ['Window', 'Lock'], custom: 'a doorbell' }] })
    const { selections } = await runtime.partialOf(card)
    await runtime.keep({ card, participant: ada, revision: 2, change: () => ({ step: 0, selections: [{ selected: ['Large'] }, selections[1]] }) })
    await runtime.capture({ card, participant: ada, question: 0 })
    expect(await probe.say(ADA, 'medium, please')).toBe('answered')
    expect((await probe.context().engine.readChat(card.chatId)).messages.at(-1)!.parts).toContainEqual(
      expect.objectContaining({ output: { answers: [{ header: 'Size', selected: [], custom: 'medium, please' }, { header: 'Extras', selected: ['Window', 'Lock'], custom: 'a doorbell' }] } })
    )
  })
})

describe('who may keep a partial answer', () => {
  const bob = { userId: BOB.id, name: BOB.name, email: BOB.email }
  /** The card of the waiting call, as the probe's runtime has it. */
  const cardOf = async (probe: ReturnType<typeof probePiece>) => (await probe.context().runtime.cards.ofCall((await probe.context().engine.chatOf('t-main'))!.id, 'call_q'))!
  const pickLarge = { revision: 0, change: () => ({ step: 1, selections: [{ selected: ['Large'] }] }) }

  it("a participant the agent's access refuses keeps nothing and captures nothing, told as a refused answer is; one it accepts keeps; access runs once per keep", async () => {
    const verdicts: string[] = []
    const access = ({ req }: { req: Caller }) => {
      if (req.channel) verdicts.push(req.channel.userId)
      return req.channel?.userId !== BOB.id
    }
    const { probe, texts } = await start([ask(order), textStep('Done.')], { access })
    await probe.say(ADA, 'plan it')
    const { runtime } = probe.context()
    const card = await cardOf(probe)
    verdicts.length = 0
    expect(await runtime.keep({ card, participant: bob, ...pickLarge })).toEqual({ kind: 'denied', to: 'answer' })
    expect(verdicts).toEqual([BOB.id])
    expect(await runtime.capture({ card, participant: bob, question: 1 })).toEqual({ kind: 'denied', to: 'answer' })
    expect(await runtime.mayAnswer({ card, participant: bob })).toEqual({ kind: 'denied', to: 'answer' })
    expect(await runtime.partialOf(card)).toEqual({ revision: 0, step: 0, selections: [] })
    expect(await runtime.capturing({ thread: 't-main', participant: bob })).toBeNull()
    // Bob's message is not taken for a typed answer: he is refused as a writer of the chat.
    expect(await probe.say(BOB, 'ring twice')).toBe('refused')
    expect(texts()).toContain('@bob You may not talk to this agent here: it does not accept you.')

    verdicts.length = 0
    expect(await runtime.keep({ card, participant: ada, ...pickLarge })).toEqual({ partial: { revision: 1, step: 1, selections: [{ selected: ['Large'] }] } })
    expect(verdicts).toEqual([ADA.id])
    expect(await runtime.mayAnswer({ card, participant: ada })).toBeNull()
  })

  it("the tool's client.access is asked too, for a participant the agent accepts", async () => {
    const onlyAda = { ...question, client: { ...question.client, access: ({ req }: { req: Caller }) => req.channel?.userId === ADA.id } }
    const { probe } = await start([ask(order), textStep('Done.')], { tool: onlyAda })
    await probe.say(ADA, 'plan it')
    const { runtime } = probe.context()
    const card = await cardOf(probe)
    expect(await runtime.keep({ card, participant: bob, ...pickLarge })).toEqual({ kind: 'denied', to: 'answer' })
    expect(await runtime.partialOf(card)).toMatchObject({ revision: 0 })
    expect(await runtime.keep({ card, participant: ada, ...pickLarge })).toMatchObject({ partial: { revision: 1 } })
  })

  it('a participant without a FrogBot user is told why; a change to a settled call is told who settled it, and nothing is kept', async () => {
    const { probe, settlements } = await start([ask(order), textStep('Done.')])
    await probe.say(ADA, 'plan it')
    const { runtime } = probe.context()
    const card = await cardOf(probe)
    expect(await runtime.keep({ card, participant: { userId: 'u-carol', name: 'carol', email: 'carol@example.com' }, ...pickLarge })).toEqual({ kind: 'denied', to: 'answer', unmatched: 'no-user' })
    expect(await probe.say(ADA, '1: 2\n2: 1')).toBe('answered')
    expect(await settlements()).toMatchObject([{ outcome: 'answered' }])
    expect(await runtime.keep({ card, participant: bob, ...pickLarge })).toMatchObject({ kind: 'settled', settlement: { outcome: 'answered', by: { channel: { userId: ADA.id } } } })
    expect(await runtime.capture({ card, participant: bob, question: 1 })).toMatchObject({ kind: 'settled' })
  })

  it('a typed answer once the card moved to another step is told the card changed, and changes nothing; a released capture takes no message', async () => {
    const { probe, texts } = await start([ask(order), textStep('Done.')])
    await probe.say(ADA, 'plan it')
    const { runtime } = probe.context()
    const card = await cardOf(probe)
    expect(await runtime.capture({ card, participant: ada, question: 0 })).toBeNull()
    expect(await runtime.capturing({ thread: 't-main', participant: ada })).toEqual({ chatId: card.chatId, toolCallId: 'call_q', question: 0, step: 0 })
    await runtime.keep({ card, participant: bob, ...pickLarge })
    expect(await probe.say(ADA, 'medium')).toBe('answered')
    expect(texts()).toContain('@ada This question changed since you saw it; look at it again and choose once more.')
    expect(await runtime.partialOf(card)).toEqual({ revision: 1, step: 1, selections: [{ selected: ['Large'] }] })
    await runtime.capture({ card, participant: ada, question: 1 })
    await runtime.release({ thread: 't-main', participant: ada })
    expect(await probe.say(ADA, 'ring twice')).toBe('queued')
  })
})
