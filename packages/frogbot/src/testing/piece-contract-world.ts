import type { LanguageModel } from 'ai'
import { expect } from 'vitest'
import { buildConfig } from '../config/build-config.ts'
import type { ChatRead } from '../contract/turns.ts'
import { question } from '../tools/question.ts'
import type { AnyTool, Tool } from '../tools/tool.ts'
import type { Delivery, PieceContractDescriptor } from './piece-contract-descriptor.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from './scripted-model.ts'
import { serveFrogbot, type ServedFrogbot } from './serve-frogbot.ts'
import type { FreshDatabase } from './test-databases.ts'
import { createTestToken, createTestUser } from './test-users.ts'

/** The question of the suite's turns, without text before it. */
export const ask = (text?: string) => toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], text)
export { textStep, toolStep }

/** The conversation names of the suite. */
export const MAIN = 'main'
export const OTHER = 'other'

/** A server of the suite: FrogBot served over HTTP with the piece on the stand-in, and how to deliver the platform's requests to it. */
export type ContractServer = ServedFrogbot & {
  piece: ReturnType<PieceContractDescriptor<any>['piece']>
  /** Posts `delivery` to the piece's webhook, then waits until the piece has no work left. */
  deliver: (delivery: Delivery) => Promise<{ status: number; text: string }>
  /** Ada's API token (a FrogBot user where the piece matches by email). */
  token: string
}

/**
 * One test's world: a stand-in of the platform, a fresh database, the suite's clock (`skew`
 * moves it, for the piece only) and the servers started on them; `close()` stops them all.
 */
export async function contractWorld<S extends { close: () => Promise<void> }>(descriptor: PieceContractDescriptor<S>, fresh: () => Promise<FreshDatabase>) {
  const database = await fresh()
  const standIn = await descriptor.standIn()
  const clock = { skew: 0, now: () => Date.now() + clock.skew }
  const servers: ContractServer[] = []
  const running = new Set<ContractServer>()
  const { ada, bob, eve } = descriptor.people

  /** A server on the world's database whose model plays `steps`; the agent has the question tool (or `asks`, a question tool of the case's own) and `tools`. */
  const server = async (steps: Parameters<typeof scriptedModel>[0], { tools = [], asks = question }: { tools?: Tool<any>[]; asks?: AnyTool } = {}): Promise<ContractServer> => {
    const piece = descriptor.piece(standIn, { now: clock.now })
    const byEmail = piece.identity.by === 'email'
    const access = ({ req }: { req: { user: unknown; channel?: { userId: string } } }) => (req.channel ? (byEmail ? req.user !== null : req.channel.userId !== eve.userId) : req.user !== null)
    const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [asks, ...tools], channels: [piece], access }], db: database.adapter() })
    const served = await serveFrogbot({ config, model: scriptedModel(steps) as Exclude<LanguageModel, string> })
    const user = await createTestUser(served.frogbot, { email: ada.email ?? 'ada@example.com' })
    if (byEmail && bob.email) await createTestUser(served.frogbot, { email: bob.email })
    const token = await createTestToken(served.frogbot, { user })
    const deliver = async (delivery: Delivery) => {
      const answer = await served.post(`/api/webhooks/${piece.instance}`, delivery)
      await piece.idle()
      return answer
    }
    const started: ContractServer = { ...served, piece, deliver, token, close: async () => {
      running.delete(started)
      await served.close()
    } }
    servers.push(started)
    running.add(started)
    return started
  }

  /** Lines logged by every server that the suite did not take out, less the descriptor's ignored ones. */
  const unexpectedLogs = () => servers.flatMap((started) => started.logs).filter((line) => !(descriptor.ignoreLogs ?? []).some((pattern) => pattern.test(line)))

  return {
    standIn,
    database,
    clock,
    server,
    servers,
    people: descriptor.people,
    /** Every chat in the database, as FrogBot reads it, oldest first. */
    chats: (): Promise<ChatRead[]> => ([...running][0]?.chats() ?? Promise.resolve([])),
    /** Takes out of every server's log the lines that match `pattern`, and returns them. */
    takeLogs: (pattern: RegExp) => servers.flatMap((started) => started.takeLogs(pattern)),
    close: async () => {
      const leftover = unexpectedLogs()
      for (const started of servers.splice(0)) await started.close()
      await standIn.close()
      await database.drop()
      expect(leftover, 'lines FrogBot logged that the suite did not expect').toEqual([])
    }
  }
}

/** See {@link contractWorld}. */
export type ContractWorld<S extends { close: () => Promise<void> }> = Awaited<ReturnType<typeof contractWorld<S>>>
