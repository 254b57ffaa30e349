import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import { findUserByEmail, findUserById } from '../auth/users.ts'
import { createFrogbot, type Frogbot } from '../frogbot.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { toPendingCall } from '../store/chat-records.ts'
import { canContinue } from '../turns/chat-access.ts'
import { type SettleInput, settleCall } from '../turns/settle-call.ts'
import type { SettledBy } from '../turns/settlement.ts'
import { loadConfig } from './load-config.ts'
import { describePendingCall } from './pending-command.ts'

export type AnswerOptions = { config?: string; email?: string; json?: string; pick?: string; custom?: string; dismiss?: boolean; reason?: string }

/** A mistake in the command line itself (printed as is, exit code 1). */
class UsageProblem extends Error {}

/** Checks the flags: `--email`, and exactly one of `--json`, `--pick` (with optional `--custom`), `--dismiss` (with optional `--reason`). */
function checkFlags(options: AnswerOptions): void {
  if (!options.email) throw new UsageProblem('--email <email> is required: the user who answers (the chat must be theirs or have no owner)')
  const ways = [options.json !== undefined && '--json', options.pick !== undefined && '--pick', options.dismiss && '--dismiss'].filter(Boolean)
  if (ways.length !== 1) {
    throw new UsageProblem(`give exactly one of --json '<output JSON>', --pick <label>[,<label>…] or --dismiss${ways.length > 1 ? ` (got ${ways.join(' and ')})` : ''}`)
  }
  if (options.custom !== undefined && options.pick === undefined) throw new UsageProblem('--custom goes with --pick (or put "custom" in the --json answer)')
  if (options.reason !== undefined && !options.dismiss) throw new UsageProblem('--reason goes with --dismiss')
  if (options.reason !== undefined && options.reason.length > 1000) throw new UsageProblem('--reason is at most 1000 characters, as over HTTP')
}

/** The `question` output for `--pick a,b [--custom text]`, from the stored call's single question. */
function pickOutput(call: { toolName: string; input: unknown }, pick: string, custom: string | undefined) {
  if (call.toolName !== 'question') throw new UsageProblem(`--pick answers a "question" call; this call is "${call.toolName}": answer with --json '<output JSON>'`)
  const questions = (call.input as { questions?: { header: string }[] }).questions ?? []
  if (questions.length !== 1) {
    const headers = questions.map((entry) => `"${entry.header}"`).join(', ')
    throw new UsageProblem(`this call asks ${questions.length} questions (${headers}); answer all of them with --json '{ "answers": [{ "header": …, "selected": [...] }, …] }'`)
  }
  const selected = pick.split(',').map((label) => label.trim()).filter((label) => label !== '')
  return { answers: [{ header: questions[0].header, selected, ...(custom !== undefined ? { custom } : {}) }] }
}

/** Who `by` is, for messages: the user's email when known. */
async function describeBy(frogbot: Frogbot, by: SettledBy | undefined): Promise<string> {
  if (!by) return 'someone'
  if (by.system) return 'FrogBot'
  if (by.anonymous) return 'an anonymous caller'
  if (by.channelUser) return `${by.channelUser.name ?? by.channelUser.id} in ${by.channelUser.channel}`
  if (!by.userId) return 'someone'
  const user = await findUserById(frogbot.store.db, by.userId).catch(() => null)
  return `${user?.email ?? by.userId}${by.token ? ` (token ${by.token.name})` : ''}`
}

/** The one-line message of a FrogbotError from a settle. */
async function errorLine(frogbot: Frogbot, error: FrogbotError): Promise<string> {
  switch (error.code) {
    case 'already-settled': {
      const settlement = error.data?.settlement as { outcome?: string; by?: SettledBy; at?: string } | null | undefined
      const detail = settlement ? `${settlement.outcome} by ${await describeBy(frogbot, settlement.by)} at ${settlement.at}` : error.message
      return `already settled: someone answered first (${detail})`
    }
    case 'invalid-output':
      return `invalid answer: ${error.message}`
    case 'not-found':
    case 'call-not-found':
      return `not found: ${error.message}`
    case 'tool-unavailable':
      return `tool unavailable: ${error.message.replace('dismiss the call instead', 'dismiss it with --dismiss')}`
    case 'not-awaiting':
      return `not waiting: ${error.message}`
    case 'model-error':
      return `model error: ${error.message} (the answer is saved; what the model generated is kept in the chat)`
    default:
      return `${error.code.replace(/-/g, ' ')}: ${error.message}`
  }
}

/**
 * `frogbot answer <chatId> <toolCallId> --email <email> (--json '<output>' | --pick <label>[,…] [--custom <text>] | --dismiss [--reason <text>])`:
 * settles one pending call as the user with that email, exactly as over HTTP: through `settleCall`
 * with an `http` entry point (so client tools stay offered in the continuation) and a `custom`
 * credential; the chat must be the user's or have no owner. When the answer continues the turn it
 * waits for the continuation and prints its reply (or the calls that wait again). Every
 * `FrogbotError` becomes one line on stderr and exit code 1. The model is used only by the continuation;
 * the config's models must still resolve (the demo model works offline).
 */
export async function answerCommand(args: string[], options: AnswerOptions): Promise<number> {
  const [chatId, toolCallId] = args
  try {
    checkFlags(options)
  } catch (error) {
    console.error(`frogbot answer: ${(error as Error).message}`)
    return 1
  }
  let output: unknown
  if (options.json !== undefined) {
    try {
      output = JSON.parse(options.json)
    } catch (error) {
      console.error(`frogbot answer: --json is not valid JSON: ${(error as Error).message}`)
      return 1
    }
  }

  const config = await loadConfig(options.config)
  const frogbot = await createFrogbot(config, { log: (line) => console.error(line), maintenanceIntervalMs: 0 })
  try {
    const user = await findUserByEmail(frogbot.store.db, options.email!)
    if (!user) {
      console.error(`frogbot answer: no user ${options.email}. Create one first: npx frogbot users create --email ${options.email}`)
      return 1
    }
    const req: FrogbotRequest = { user, credential: { type: 'custom' }, entryPoint: 'http', headers: new Headers() }
    try {
      // The agent comes from the chat; a chat this user cannot see looks exactly like a missing one.
      const chat = await frogbot.store.getChat(chatId)
      if (!chat || !canContinue(chat, req)) throw new FrogbotError('not-found', `Chat "${chatId}" was not found for ${user.email}.`)
      const agent = frogbot.services.agents.get(chat.agentSlug)
      if (!agent) throw new FrogbotError('agent-not-found', `The chat belongs to agent "${chat.agentSlug}", which this config does not have.`)
      let input: SettleInput
      if (options.dismiss) input = { toolCallId, dismissed: true, ...(options.reason !== undefined ? { reason: options.reason } : {}) }
      else if (options.pick !== undefined) {
        const call = await frogbot.store.getCall(chat.id, toolCallId)
        if (!call) throw new FrogbotError('call-not-found', `No pending call "${toolCallId}" in this chat.`)
        input = { toolCallId, output: pickOutput(call, options.pick, options.custom) }
      } else input = { toolCallId, output }

      const outcome = await settleCall(frogbot.services, { agent, chatId: chat.id, req, input })
      if (outcome.kind === 'dismissed') {
        const reason = outcome.settlement.reason ? ` (reason: ${outcome.settlement.reason})` : ''
        console.log(`Dismissed call ${toolCallId} in chat ${chat.id}${reason}. The chat is ready for the next message.`)
        return 0
      }
      if (outcome.kind === 'awaiting-input') {
        console.log(`Answered call ${toolCallId}. Other calls of this step still wait:\n`)
        console.log(outcome.pending.map((call) => describePendingCall(call).join('\n')).join('\n\n'))
        return 0
      }
      console.error(`Answered call ${toolCallId}; the ${agent.slug} agent continues (model ${agent.model.label})…`)
      void outcome.run.stream.cancel().catch(() => {})
      const result = await outcome.run.result
      if (result.status === 'complete') {
        console.log(result.text)
        if (result.stopped) console.log('\n(the turn was stopped)')
        return 0
      }
      const message = await frogbot.store.getMessages(chat.id).then((messages) => messages.at(-1))
      const text = message?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('') ?? ''
      if (text) console.log(text)
      const calls = await frogbot.store.getPendingCalls(chat.id)
      console.log(`\nAwaiting input again:\n\n${calls.map((call) => describePendingCall(toPendingCall(call)).join('\n')).join('\n\n')}`)
      return 0
    } catch (error) {
      if (!(error instanceof FrogbotError)) throw error
      console.error(`frogbot answer: ${await errorLine(frogbot, error)}`)
      return 1
    }
  } finally {
    await frogbot.close()
  }
}
