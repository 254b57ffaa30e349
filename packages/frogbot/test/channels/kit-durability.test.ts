import type { Kysely } from 'kysely'
import { afterEach, expect, it } from 'vitest'
import { CARD_CLAIM_TTL_MS, REDRAW_EVERY_MS } from '../../src/channels/index.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { describeEachDatabase, type FreshDatabase } from '../../src/testing/test-databases.ts'
import { ADA, BOB, toychatKit } from './toychat/toychat-kit.ts'
import { toychatStandIn } from './toychat/toychat-stand-in.ts'
import type { Frogbot } from '../../src/index.ts'

/** FrogBot's database, with the channel state's tables too. */
const databaseOf = (frogbot: Frogbot) => storeOf(frogbot).db as unknown as Kysely<any>

// What the kit's rescans do with what a stopped or crashed server left in the database: a card
// claimed by a server that stopped mid-drawing is drawn once the claim lapses, and a card whose
// chat is gone is let go quietly. (The README's Toychat piece stands in for any piece.)

const isCard = (text: string) => text.includes('Reply with the number of an option')
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

describeEachDatabase('the kit\'s rescans', (fresh: () => Promise<FreshDatabase>) => {
  const start = async () => {
    const database = await fresh()
    const standIn = await toychatStandIn()
    cleanups.push(() => database.drop(), () => standIn.close())
    return { database, standIn }
  }

  it('a card claimed by a server that stopped while drawing it is drawn by a rescan once the claim lapses', async () => {
    const { database, standIn } = await start()
    const before = await toychatKit({ model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }])]), standIn, db: database.adapter() })
    standIn.failNext(isCard)
    await before.say(ADA, 'paint the shed')
    expect(before.takeLogs(/could not draw call call_q/)).toHaveLength(1)
    const db = databaseOf(before.frogbot)
    const { id: chatId } = await db.selectFrom('frogbot_chats').select('id').executeTakeFirstOrThrow()
    // The stopped server's claim, as it left it in the database.
    const claim = { scope: 'toychat', key: `frogbot:card:drawing:${chatId}:call_q`, value: 'true', expires_at: Date.now() + CARD_CLAIM_TTL_MS }
    await db.insertInto('frogbot_channel_cache').values(claim).execute()
    await before.close()

    const after = await toychatKit({ model: scriptedModel([textStep('Hello, Bob.')]), standIn, db: database.adapter() })
    cleanups.push(after.close)
    await after.piece.idle()
    expect(standIn.messages.filter((message) => isCard(message.text))).toEqual([])
    await databaseOf(after.frogbot).updateTable('frogbot_channel_cache').set({ expires_at: Date.now() - 1 }).where('key', '=', claim.key).execute()
    after.clock.skew = REDRAW_EVERY_MS + 1000
    await after.say(BOB, 'is anyone there?', { thread: 't-other' })
    expect(standIn.messages.filter((message) => isCard(message.text))).toHaveLength(1)
    expect(after.logs).toEqual([])
  })

  it('a card whose chat is no longer in the database is let go by the rescan, quietly', async () => {
    const { database, standIn } = await start()
    const kit = await toychatKit({ model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), textStep('Hello.'), textStep('Hello again.')]), standIn, db: database.adapter() })
    cleanups.push(kit.close)
    await kit.say(ADA, 'paint the shed')
    expect(standIn.messages.filter((message) => isCard(message.text))).toHaveLength(1)
    const db = databaseOf(kit.frogbot)
    for (const table of ['frogbot_pending_calls', 'frogbot_messages', 'frogbot_chats'] as const) await db.deleteFrom(table).execute()
    for (const seconds of [61, 122]) {
      kit.clock.skew = seconds * 1000
      await kit.say(BOB, 'hello?', { thread: `t-${seconds}` })
    }
    expect(standIn.calls.filter((call) => call.method === 'PATCH')).toEqual([])
    expect(kit.logs).toEqual([])
  })
})
