import { expect, vi } from 'vitest'
import { REDRAW_EVERY_MS } from '../channels/runtime/card-drawing.ts'
import { question } from '../tools/question.ts'
import type { DrawnCard, Person, PieceContractDescriptor } from './piece-contract-descriptor.ts'
import { ask, type ContractServer, type ContractWorld, MAIN, OTHER, textStep, toolStep } from './piece-contract-world.ts'

type StandIn = { close: () => Promise<void> }

/** One case of the piece contract: what it checks in a fresh world. */
export type ContractCase = { title: string; run: <S extends StandIn>(world: ContractWorld<S>, descriptor: PieceContractDescriptor<S>) => Promise<void> }

const settleBody = { toolCallId: 'call_q', output: { answers: [{ header: 'Color', selected: ['Red'] }] } }

/** Waits until `check` passes (turns that start in the background, such as a continuation's reply). */
const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 20 })

/** What the cases do with a world: ask the question on a server, answer it, read the one chat. */
function steps<S extends StandIn>(world: ContractWorld<S>, descriptor: PieceContractDescriptor<S>) {
  const { ada } = descriptor.people
  const at = () => world.clock.now()
  /** Ada's first message in `main` to `server`, whose model asks the color question; the card drawn, unless `expectCard` is false. */
  const asked = async (server: ContractServer, { expectCard = true }: { expectCard?: boolean } = {}) => {
    const accepted = await server.deliver(descriptor.say(world.standIn, { who: ada, text: 'Paint the shed', thread: MAIN, first: true, now: at() }))
    expect(accepted.status, `${descriptor.name} accepts Ada's first message`).toBeLessThan(300)
    if (!expectCard) return null
    await eventually(() => expect(descriptor.cards(world.standIn)).toHaveLength(1))
    return descriptor.cards(world.standIn)[0]
  }
  return {
    ...descriptor.people,
    at,
    asked,
    state: async () => (await world.chats())[0]?.chat.state,
    answerOf: async () => (await world.chats())[0]?.messages.at(-1)?.settlements ?? [],
    answer: (server: ContractServer, who: Person, card: DrawnCard, label: string) => server.deliver(descriptor.answer(world.standIn, { who, card, label, now: at() }))
  }
}

/** Ask → card drawn once → a refused participant told, the question open → answer → card replaced once with who → continuation in the thread → a second answer told it is settled. */
export const askAndAnswer: ContractCase = {
  title: 'ask → card drawn once → a refused participant told, the question open → answer → card replaced once with who → continuation in the thread → a second answer told it is settled',
  run: async (world, descriptor) => {
    const { ada, bob, eve, asked, state, answerOf, answer } = steps(world, descriptor)
    const server = await world.server([ask('Let me ask.'), textStep('Blue it is.')])
    const card = (await asked(server))!
    expect(card.thread).toBe(MAIN)
    await eventually(() => expect(descriptor.replies(world.standIn)).toContainEqual({ thread: MAIN, text: 'Let me ask.' }))
    expect(await state()).toBe('awaiting')

    await answer(server, eve, card, 'Red')
    await eventually(() => expect(descriptor.notices(world.standIn)).toContainEqual({ to: eve.userId, text: expect.stringContaining('You may not answer this question') }))
    expect(world.takeLogs(new RegExp(`refused .*\\(${eve.userId}\\)`))).toHaveLength(1)
    expect(await state()).toBe('awaiting')
    expect(descriptor.replacements(world.standIn, card)).toEqual([])

    await answer(server, ada, card, 'Blue')
    await eventually(async () => expect(await state()).toBe('idle'))
    expect(await answerOf()).toMatchObject([{ toolCallId: 'call_q', outcome: 'answered', by: { channel: { userId: ada.userId } } }])
    const replaced = descriptor.replacements(world.standIn, card)
    expect(replaced).toHaveLength(1)
    expect(replaced[0]).toContain('Blue')
    expect(replaced[0]).toContain(descriptor.nameOf(ada))
    await eventually(() => expect(descriptor.replies(world.standIn)).toContainEqual({ thread: MAIN, text: 'Blue it is.' }))

    await answer(server, bob, card, 'Red')
    await eventually(() => expect(descriptor.notices(world.standIn)).toContainEqual({ to: bob.userId, text: `This question was already answered by ${descriptor.nameOf(ada)}.` }))
    expect(descriptor.replacements(world.standIn, card)).toHaveLength(1)
    expect(descriptor.cards(world.standIn)).toHaveLength(1)
    expect(await answerOf()).toHaveLength(1)
  }
}

/** The conversation is written only in its channel: a web write answers 409 channel-chat to its owner (404 where nobody owns it) and changes nothing. */
export const webWrite: ContractCase = {
  title: 'the conversation is written only in its channel: a web write answers 409 channel-chat to its owner (404 where nobody owns it) and changes nothing',
  run: async (world, descriptor) => {
    const { asked } = steps(world, descriptor)
    const server = await world.server([ask()])
    await asked(server)
    const [{ chat }] = await world.chats()
    const owned = server.piece.identity.by === 'email'
    const code = owned ? 'channel-chat' : 'not-found'
    expect(await server.http('POST', `/api/agents/planner/chats/${chat.id}/settle`, settleBody, { token: server.token })).toMatchObject({ status: owned ? 409 : 404, json: { code } })
    expect(await server.http('POST', '/api/agents/planner', { chatId: chat.id, prompt: 'from the web' }, { token: server.token })).toMatchObject({ status: owned ? 409 : 404, json: { code } })
    if (owned) expect((await server.http('GET', `/api/agents/planner/chats/${chat.id}`, undefined, { token: server.token })).json.chat).toMatchObject({ channelLabel: server.piece.label })
    const [{ messages, pending }] = await world.chats()
    expect(pending).toMatchObject([{ toolCallId: 'call_q' }])
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant'])
  }
}

/** A restart loses nothing: a card drawn before it is answered after it, replaced once, and the thread goes on. */
export const restart: ContractCase = {
  title: 'a restart loses nothing: a card drawn before it is answered after it, replaced once, and the thread goes on',
  run: async (world, descriptor) => {
    const { ada, bob, at, asked, answer } = steps(world, descriptor)
    const before = await world.server([ask()])
    const card = (await asked(before))!
    await before.close()

    const after = await world.server([textStep('Blue it is.'), textStep('The fence too.')])
    await answer(after, ada, card, 'Blue')
    await eventually(() => expect(descriptor.replies(world.standIn)).toContainEqual({ thread: MAIN, text: 'Blue it is.' }))
    expect(descriptor.replacements(world.standIn, card)).toHaveLength(1)
    await after.deliver(descriptor.say(world.standIn, { who: bob, text: 'and the fence', thread: MAIN, first: false, now: at() }))
    await eventually(() => expect(descriptor.replies(world.standIn)).toContainEqual({ thread: MAIN, text: 'The fence too.' }))
    const chats = await world.chats()
    expect(chats).toHaveLength(1)
    expect(chats[0].messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
  }
}

/** Two servers draw a missing card once and replace it once: of two answers at once, one settles and the other is told. */
export const twoServers: ContractCase = {
  title: 'two servers draw a missing card once and replace it once: of two answers at once, one settles and the other is told',
  run: async (world, descriptor) => {
    const { ada, bob, asked, answerOf, answer } = steps(world, descriptor)
    const first = await world.server([ask()])
    descriptor.failNextCard(world.standIn)
    await asked(first, { expectCard: false })
    expect(world.takeLogs(/could not draw call call_q/)).toHaveLength(1)
    await first.close()

    const starting = () => world.server([textStep('Settled.')])
    const servers = world.database.startsAtOnce ? await Promise.all([starting(), starting()]) : [await starting(), await starting()]
    await Promise.all(servers.map((server) => server.piece.idle()))
    expect(descriptor.cards(world.standIn)).toHaveLength(1)
    const [card] = descriptor.cards(world.standIn)
    await Promise.all([answer(servers[0], ada, card, 'Blue'), answer(servers[1], bob, card, 'Red')])
    await eventually(() => expect(descriptor.replies(world.standIn)).toContainEqual({ thread: MAIN, text: 'Settled.' }))
    const settlements = await answerOf()
    expect(settlements).toHaveLength(1)
    const by = settlements[0].by as { channel?: { userId: string } }
    const winner = by.channel?.userId === ada.userId ? ada : bob
    const loser = winner === ada ? bob : ada
    expect(descriptor.replacements(world.standIn, card)).toHaveLength(1)
    await eventually(() => expect(descriptor.notices(world.standIn)).toContainEqual({ to: loser.userId, text: `This question was already answered by ${descriptor.nameOf(winner)}.` }))
    expect(descriptor.replies(world.standIn).filter((reply) => reply.text === 'Settled.')).toHaveLength(1)
  }
}

/** Forged, stale and replayed requests are 401 and change nothing. */
export const refusedRequests: ContractCase = {
  title: 'forged, stale and replayed requests are 401 and change nothing',
  run: async (world, descriptor) => {
    const { ada, at } = steps(world, descriptor)
    const server = await world.server([textStep('Once.')])
    await server.piece.idle()
    const calls = descriptor.apiCalls(world.standIn)
    const nothingChanged = async () => {
      expect(descriptor.apiCalls(world.standIn)).toBe(calls)
      expect(await world.chats()).toEqual([])
    }
    const say = (now: number) => descriptor.say(world.standIn, { who: ada, text: 'Paint the shed', thread: MAIN, first: true, now })
    expect((await server.deliver(descriptor.forge(say(at())))).status).toBe(401)
    if (descriptor.freshness !== false) expect((await server.deliver(say(at() - 10 * 60_000))).status).toBe(401)
    await nothingChanged()
    world.takeLogs(/refused a request to \/api\/webhooks\//)

    const accepted = say(at())
    expect((await server.deliver(accepted)).status).toBeLessThan(300)
    await eventually(() => expect(descriptor.replies(world.standIn)).toContainEqual({ thread: MAIN, text: 'Once.' }))
    const afterwards = { calls: descriptor.apiCalls(world.standIn), chats: (await world.chats()).length }
    for (const replay of descriptor.replays?.(accepted) ?? [accepted]) expect((await server.deliver(replay)).status).toBe(401)
    expect(descriptor.apiCalls(world.standIn)).toBe(afterwards.calls)
    expect(await world.chats()).toHaveLength(afterwards.chats)
    expect((await world.chats())[0].messages.filter((message) => message.role === 'user')).toHaveLength(1)
  }
}

/** A card whose post failed is drawn by a rescan. */
export const rescan: ContractCase = {
  title: 'a card whose post failed is drawn by a rescan',
  run: async (world, descriptor) => {
    const { ada, bob, at, asked, answer } = steps(world, descriptor)
    const server = await world.server([ask(), textStep('Another conversation.'), textStep('Blue it is.')])
    descriptor.failNextCard(world.standIn)
    await asked(server, { expectCard: false })
    expect(world.takeLogs(/could not draw call call_q/)).toHaveLength(1)
    expect(descriptor.cards(world.standIn)).toEqual([])
    await eventually(() => expect(descriptor.replies(world.standIn)).toContainEqual({ thread: MAIN, text: expect.stringMatching(/^I could not show my question here/) }))

    // A minute later, any request the piece accepts rescans: here another conversation.
    world.clock.skew = REDRAW_EVERY_MS + 1000
    await server.deliver(descriptor.say(world.standIn, { who: bob, text: 'Hello', thread: OTHER, first: true, now: at() }))
    await eventually(() => expect(descriptor.cards(world.standIn)).toHaveLength(1))
    const [card] = descriptor.cards(world.standIn)
    expect(card.thread).toBe(MAIN)
    await answer(server, ada, card, 'Blue')
    await eventually(() => expect(descriptor.replacements(world.standIn, card)).toHaveLength(1))
  }
}

/** Control and bidi-override characters: what no card, comment or reply may carry (the kit's `drawnText`). */
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

/** What a model or a person wrote is drawn without control and bidi-override characters (NUL, BEL, U+202E…): in the card, in the reply. */
export const hiddenCharacters: ContractCase = {
  title: 'what a model or a person wrote is drawn without control and bidi-override characters (NUL, BEL, U+202E…): in the card, in the reply',
  run: async (world, descriptor) => {
    const { asked } = steps(world, descriptor)
    const input = { questions: [{ header: 'Col\u0000or', question: 'Which\u0007 color?\u202E', options: [{ label: 'Red', description: 'warm\u202Eevil\u2066' }, { label: 'Blue' }] }] }
    const server = await world.server([toolStep([{ toolCallId: 'call_q', toolName: 'question', input }], 'Let me\u0007 ask.\u202E')])
    const card = (await asked(server))!
    expect(card.text).not.toMatch(HIDDEN)
    expect(card.text).toContain('Which color?')
    await eventually(() => expect(descriptor.replies(world.standIn)).toContainEqual({ thread: MAIN, text: 'Let me ask.' }))
  }
}


/** The question tool of the facts case: it asks Dana, and expires in 2 h. */
const askingDana: typeof question = { ...question, client: { ...question.client, assignees: ['dana@example.com'], expiresIn: 2 * 3_600_000 } }

/** A question with assignees and `expiresIn` says on its card who is asked and when it expires (the admin chat's words: "Waiting for Dana", "Expires in 2 h"). */
export const callFacts: ContractCase = {
  title: 'a question with assignees and expiresIn says on its card who is asked and when it expires ("Waiting for Dana", "Expires in 2 h")',
  run: async (world, descriptor) => {
    const { asked } = steps(world, descriptor)
    const server = await world.server([ask()], { asks: askingDana })
    const card = (await asked(server))!
    expect(card.text).toContain('Waiting for Dana')
    expect(card.text).toContain('Expires in 2 h')
    expect(card.text).toContain('Which color?')
  }
}
