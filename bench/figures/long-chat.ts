// Answer → first text with 200 earlier messages in the chat, and how an answer's CPU grows from 2 to
// 200 earlier messages, on SQLite in this process, against the AI SDK alone in the same run. The AI
// SDK alone keeps no chat: its client re-sends the whole chat with each answer and its server
// validates all of it (`validateUIMessages`) before it continues. FrogBot's client sends the answer
// alone; FrogBot reads the stored chat.
import { sql } from 'kysely'
import type { UIMessage } from 'ai'
import { createBaselineApp, baselineRequest } from '../baseline-app.ts'
import { timeAnswers, type AnswerSamples } from '../answer-loop.ts'
import { type Figure, atMost, bySize, row } from '../figure.ts'
import { storeOf } from '../../packages/frogbot/src/frogbot-internals.ts'
import { type BenchFrogbot, startFrogbot } from '../frogbot-app.ts'
import { p50, p99, settleDown } from '../stats.ts'
import { answeredMessages, benchModel, readContinuation } from '../turn.ts'

/** Earlier messages of the long chat (100 asked-and-answered questions, a user and an assistant message each). */
export const LONG_CHAT = 200

/** Earlier messages of the short chat the growth is measured from. */
export const SHORT_CHAT = 2

/**
 * An idle chat of `earlier` messages, asked and answered through FrogBot's HTTP handler (`earlier / 2`
 * rounds of a question, its answer and the continuation): its id, and the transcript the AI SDK
 * alone's client sends when the next question of such a chat is answered (FrogBot's stored messages,
 * then the user message and the answered question).
 */
export async function idleChat(frogbot: BenchFrogbot, earlier: number): Promise<{ chatId: string; transcript: UIMessage[] }> {
  let chatId: string | undefined
  for (let round = 1; round <= earlier / 2; round++) {
    const chat = chatId ? await frogbot.askIn(chatId) : await frogbot.ask()
    chatId = chat.chatId
    await readContinuation((await frogbot.answer(chat)).body!, performance.now())
  }
  await settleDown()
  const read = (await (await frogbot.get(`/api/agents/planner/chats/${chatId}`)).json()) as { messages: UIMessage[]; chat: { state: string } }
  if (read.messages.length !== earlier) throw new Error(`the chat has ${read.messages.length} messages, not ${earlier}`)
  return { chatId: chatId!, transcript: [...read.messages.map(({ id, role, parts }) => ({ id, role, parts })), ...answeredMessages('call_next')] }
}

/**
 * Copies the chat `chatId` (its chat row, messages and calls, whatever columns the schema has) as
 * `<chatId>_<n>` for n in 1…`copies`, renaming the chat's and messages' ids, so that each copy is
 * asked and answered once: every timed answer has exactly the same number of earlier messages. One
 * transaction on SQLite. Returns the copies' ids.
 */
export async function copyChat(frogbot: BenchFrogbot, chatId: string, copies: number): Promise<string[]> {
  const { db } = storeOf(frogbot.instance)
  await db.transaction().execute(async (trx) => {
    await sql`create temp table bench_g as with recursive s(n) as (select 1 union all select n + 1 from s where n < ${copies}) select n from s`.execute(trx)
    const copy = async (table: string, where: string, rename: ReturnType<typeof sql>) => {
      await sql`create temp table bench_copy as select t.*, g.n as bench_n from ${sql.table(table)} t, bench_g g where t.${sql.ref(where)} = ${chatId}`.execute(trx)
      await sql`update bench_copy set ${rename}`.execute(trx)
      await sql`alter table bench_copy drop column bench_n`.execute(trx)
      await sql`insert into ${sql.table(table)} select * from bench_copy`.execute(trx)
      await sql`drop table bench_copy`.execute(trx)
    }
    await copy('frogbot_chats', 'id', sql`id = id || '_' || bench_n`)
    await copy('frogbot_messages', 'chat_id', sql`id = id || '_' || bench_n, chat_id = chat_id || '_' || bench_n`)
    await copy('frogbot_pending_calls', 'chat_id', sql`chat_id = chat_id || '_' || bench_n, message_id = message_id || '_' || bench_n`)
    await sql`drop table bench_g`.execute(trx)
  })
  return Array.from({ length: copies }, (_, index) => `${chatId}_${index + 1}`)
}

/** Answer → first text at 200 earlier messages, and the growth of CPU per answer from 2 to 200, against the AI SDK alone. */
export const longChatSqlite: Figure = {
  id: 'long-chat-sqlite',
  title: 'answer → first text with 200 earlier messages, and the growth of CPU per answer from 2 to 200, SQLite, in process',
  run: async (context) => {
    const count = bySize(context.size, { full: 400, quick: 150, tiny: 6 })
    const warm = Math.max(3, Math.round(count / 5))
    const app = createBaselineApp(benchModel())
    const frogbot = await startFrogbot('sqlite')
    try {
      context.progress(`  making the chats of ${SHORT_CHAT} and ${LONG_CHAT} earlier messages`)
      const sides = new Map<number, { baseline: AnswerSamples; frogbot: AnswerSamples; bytes: number }>()
      const loops = new Map<number, { baseline: (n: number, into?: AnswerSamples) => Promise<AnswerSamples>; frogbot: (n: number, into?: AnswerSamples) => Promise<AnswerSamples> }>()
      for (const earlier of [SHORT_CHAT, LONG_CHAT]) {
        const { chatId, transcript } = await idleChat(frogbot, earlier)
        const chats = await copyChat(frogbot, chatId, count + warm)
        const body = JSON.stringify({ messages: transcript })
        loops.set(earlier, {
          baseline: (n, into) => timeAnswers(n, async () => null, () => app.fetch(baselineRequest('http://localhost', transcript)), into),
          frogbot: (n, into) => timeAnswers(n, () => frogbot.askIn(chats.pop()!), frogbot.answer, into)
        })
        sides.set(earlier, { baseline: { firstText: [], cpu: [] }, frogbot: { firstText: [], cpu: [] }, bytes: body.length })
      }
      for (const loop of loops.values()) {
        await loop.baseline(warm)
        await loop.frogbot(warm)
      }
      context.progress(`  ${count} answers each at ${SHORT_CHAT} and ${LONG_CHAT} earlier messages, alternating blocks`)
      const block = Math.max(3, Math.round(count / 10))
      for (let done = 0; done < count; done += block) {
        const n = Math.min(block, count - done)
        for (const [earlier, loop] of loops) {
          const into = sides.get(earlier)!
          await loop.baseline(n, into.baseline)
          await loop.frogbot(n, into.frogbot)
        }
      }
      const short = sides.get(SHORT_CHAT)!
      const long = sides.get(LONG_CHAT)!
      const growth = (side: 'baseline' | 'frogbot') => p50(long[side].cpu) - p50(short[side].cpu)
      return {
        rows: [
          row('latency', `answer → first text, ${LONG_CHAT} earlier messages, SQLite, in process (p50)`, 'ms', p50(long.baseline.firstText), p50(long.frogbot.firstText), atMost(0.8)),
          row('latency', `answer → first text, ${LONG_CHAT} earlier messages, SQLite, in process (p99)`, 'ms', p99(long.baseline.firstText), p99(long.frogbot.firstText)),
          row('latency', `answer → first text, ${SHORT_CHAT} earlier messages, SQLite, in process (p50)`, 'ms', p50(short.baseline.firstText), p50(short.frogbot.firstText)),
          row('cpu', `server CPU per answer, ${LONG_CHAT} earlier messages (p50)`, 'ms', p50(long.baseline.cpu), p50(long.frogbot.cpu)),
          row('cpu', `server CPU per answer, ${SHORT_CHAT} earlier messages (p50)`, 'ms', p50(short.baseline.cpu), p50(short.frogbot.cpu)),
          row('cpu', `growth of CPU per answer from ${SHORT_CHAT} to ${LONG_CHAT} earlier messages (p50 − p50)`, 'ms', growth('baseline'), growth('frogbot'), atMost(1))
        ],
        details: { answers: count, earlier: [SHORT_CHAT, LONG_CHAT], baselineRequestBytes: { [SHORT_CHAT]: short.bytes, [LONG_CHAT]: long.bytes } }
      }
    } finally {
      await frogbot.close()
    }
  }
}
