// The benchmark's turn on LangGraph.js, as its human-in-the-loop guide builds it: a model node and
// a ToolNode whose `question` tool calls `interrupt()`, checkpointed by LangGraph's SQLite or
// PostgreSQL saver with `durability: 'sync'` (each step's checkpoint is written before the next
// step starts, as FrogBot commits an answer before its continuation). The ask is one `invoke`
// that stops at the interrupt; the answer is a `Command({ resume })` streamed in `messages` mode.
import { statSync } from 'node:fs'
import type pg from 'pg'
import { AIMessageChunk, type BaseMessage, HumanMessage, isAIMessage } from '@langchain/core/messages'
import { BaseChatModel } from '@langchain/core/language_models/chat_models'
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager'
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs'
import { tool } from '@langchain/core/tools'
import { Command, END, MessagesAnnotation, START, StateGraph, interrupt } from '@langchain/langgraph'
import { ToolNode } from '@langchain/langgraph/prebuilt'
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite'
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres'
import { QuestionInput, QuestionOutput, checkQuestionAnswer } from '../../packages/frogbot/src/tools/index.ts'
import { ANSWER, CONTINUATION_TEXT, PROMPT, QUESTION_INPUT } from '../turn.ts'
import type { LangGraphTurn, LangGraphTarget } from '../langgraph-turn.ts'

/**
 * The zero-latency script of `turn.ts` as a LangChain chat model: a prompt that ends with a tool
 * result streams the continuation's text in one chunk; any other gets the `question` call.
 */
class ScriptedChatModel extends BaseChatModel {
  calls = { asks: 0, continuations: 0 }
  #next = 0

  _llmType() {
    return 'bench-script'
  }

  #reply(messages: BaseMessage[]): AIMessageChunk {
    if (messages.at(-1)?.getType() === 'tool') {
      this.calls.continuations++
      return new AIMessageChunk({ content: CONTINUATION_TEXT })
    }
    this.calls.asks++
    const id = `call_${process.pid}_${++this.#next}`
    return new AIMessageChunk({ content: '', tool_call_chunks: [{ type: 'tool_call_chunk', id, name: 'question', args: JSON.stringify(QUESTION_INPUT), index: 0 }] })
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const message = this.#reply(messages)
    return { generations: [{ message, text: String(message.content) }] }
  }

  async *_streamResponseChunks(messages: BaseMessage[], _options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): AsyncGenerator<ChatGenerationChunk> {
    const message = this.#reply(messages)
    const chunk = new ChatGenerationChunk({ message, text: String(message.content) })
    yield chunk
    await runManager?.handleLLMNewToken(chunk.text, undefined, undefined, undefined, undefined, { chunk })
  }
}

/** The `question` tool: waits for the person with `interrupt()`, then checks the answer with FrogBot's own rules. */
const questionTool = tool(
  async (input: QuestionInput) => {
    const output = QuestionOutput.parse(interrupt(input))
    const checked = checkQuestionAnswer(input, output)
    if (checked !== true) throw new Error(checked)
    return JSON.stringify(output)
  },
  { name: 'question', description: 'Ask the user a structured question.', schema: QuestionInput }
)

function buildGraph(model: ScriptedChatModel, checkpointer: SqliteSaver | PostgresSaver) {
  return new StateGraph(MessagesAnnotation)
    .addNode('model', async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode('tools', new ToolNode([questionTool]))
    .addEdge(START, 'model')
    .addConditionalEdges('model', (state) => {
      const last = state.messages.at(-1)
      return last && isAIMessage(last) && (last.tool_calls?.length ?? 0) > 0 ? 'tools' : END
    })
    .addEdge('tools', 'model')
    .compile({ checkpointer })
}

/** Tables each saver keeps, for rows per question. */
const TABLES = { sqlite: ['checkpoints', 'writes'], postgres: ['checkpoints', 'checkpoint_blobs', 'checkpoint_writes'] }

/** The turn on LangGraph with its SQLite saver on `target.file` (WAL, `synchronous=NORMAL` as FrogBot's) or its PostgreSQL saver on `target.pool`. */
export async function startLangGraph(target: LangGraphTarget): Promise<LangGraphTurn> {
  let checkpointer: SqliteSaver | PostgresSaver
  let rows: () => Promise<number>
  let bytes: () => Promise<number>
  let close: () => Promise<void>
  if (target.kind === 'sqlite') {
    const saver = SqliteSaver.fromConnString(target.file)
    const { db } = saver
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    checkpointer = saver
    rows = async () => TABLES.sqlite.reduce((sum, table) => sum + (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n, 0)
    bytes = async () => {
      db.pragma('wal_checkpoint(TRUNCATE)')
      const size = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? 0
      return size(target.file) + size(`${target.file}-wal`)
    }
    close = async () => void db.close()
  } else {
    const saver = new PostgresSaver(target.pool as pg.Pool)
    await saver.setup()
    checkpointer = saver
    const pool = target.pool as pg.Pool
    rows = async () => {
      const { rows: counted } = await pool.query(`select ${TABLES.postgres.map((table) => `(select count(*) from ${table})`).join(' + ')} as n`)
      return Number(counted[0].n)
    }
    bytes = async () => Number((await pool.query('select pg_database_size(current_database())::text as size')).rows[0].size)
    close = async () => {}
  }
  const model = new ScriptedChatModel({})
  const graph = buildGraph(model, checkpointer)
  let thread = 0
  return {
    model: model.calls,
    async ask() {
      const threadId = `thread_${process.pid}_${++thread}`
      const state = await graph.invoke({ messages: [new HumanMessage(PROMPT)] }, { configurable: { thread_id: threadId }, durability: 'sync' })
      if (!('__interrupt__' in state)) throw new Error('the LangGraph turn did not stop at the question')
      return threadId
    },
    async answer(threadId, started) {
      const stream = await graph.stream(new Command({ resume: ANSWER }), { configurable: { thread_id: threadId }, streamMode: 'messages', durability: 'sync' })
      let firstText = -1
      for await (const [chunk] of stream) {
        if (firstText < 0 && isAIMessage(chunk) && typeof chunk.content === 'string' && chunk.content.length > 0) firstText = performance.now() - started
      }
      if (firstText < 0) throw new Error('the LangGraph continuation streamed no text')
      return firstText
    },
    rows,
    bytes,
    close
  }
}
