import type { Caller } from '../contract/caller.ts'
import type { SettleInput } from '../contract/turns.ts'
import type { Auth } from '../auth/create-auth.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { createFrogbot } from '../frogbot.ts'
import { internalsOf } from '../frogbot-internals.ts'
import { type PendingCall, REASON_MAX_LENGTH, type SettledBy, tooLongText } from '@frogbotai/protocol'
import { cliCommand } from './cli-command.ts'
import { type DatabasePlace, databasePlace, nothingIn } from './database-place.ts'
import { loadConfig } from './load-config.ts'
import { sqliteAdapter } from '../store/sqlite-adapter.ts'
import { describePendingCall, terminalSafe, terminalText } from './pending-command.ts'
import { type SettledAs, settledSentence } from '../turns/rules/settled-text.ts'
import { unknownUserLine } from './unknown-user.ts'
import { channelLabel } from '../turns/chat-access.ts'
import type { ChatRecord } from '../store/chat-records.ts'
import type { TurnServices } from '../turns/services.ts'

export type AnswerOptions = { config?: string; email?: string; json?: string; pick?: string; custom?: string; dismiss?: boolean; approve?: boolean; deny?: boolean; input?: string; reason?: string }

/** A mistake in the command line itself (printed as is, exit code 1). */
class UsageProblem extends Error {}

/**
 * Checks the flags: `--email`, and exactly one way to answer: `--json`, `--pick`/`--custom`,
 * `--dismiss` (with optional `--reason`), or for a call waiting for approval `--approve` (with
 * optional `--input` and `--reason`) or `--deny` (with optional `--reason`).
 */
function checkFlags(options: AnswerOptions): void {
  if (!options.email) throw new UsageProblem('--email <email> is required: the user who answers (the chat must be theirs or have no owner)')
  const ways = [
    options.json !== undefined && '--json',
    (options.pick !== undefined || options.custom !== undefined) && '--pick/--custom',
    options.dismiss && '--dismiss',
    options.approve && '--approve',
    options.deny && '--deny'
  ].filter(Boolean)
  if (ways.length !== 1) {
    throw new UsageProblem(
      `give exactly one of --json '<output JSON>', --pick <number>[,<number>…] (and/or --custom <text>), --dismiss, or for an approval --approve or --deny${ways.length > 1 ? ` (got ${ways.join(' and ')})` : ''}`
    )
  }
  if (options.reason !== undefined && !options.dismiss && !options.approve && !options.deny) throw new UsageProblem('--reason goes with --dismiss, --approve or --deny')
  if (options.input !== undefined && !options.approve) throw new UsageProblem("--input goes with --approve: the edited tool input the call runs with, as JSON")
  if (options.reason !== undefined && options.reason.length > REASON_MAX_LENGTH) {
    const what = options.dismiss ? 'a dismissal reason' : 'a reason'
    const rule = tooLongText(options.reason.length, REASON_MAX_LENGTH, what)
    throw new UsageProblem(`--reason: ${rule}, as over HTTP`)
  }
}

/** The JSON of flag `name`, or a usage problem naming it. */
function parsedJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new UsageProblem(`${name} is not valid JSON: ${(error as Error).message}`)
  }
}

/** The settle input the flags give for `toolCallId` (the output of `--json`, a dismissal, a decision), or `null` for `--pick`/`--custom`, which need the call. */
function flagInput(toolCallId: string, options: AnswerOptions): SettleInput | null {
  const reason = options.reason !== undefined ? { reason: options.reason } : {}
  if (options.dismiss) return { toolCallId, dismissed: true, ...reason }
  if (options.deny) return { toolCallId, approved: false, ...reason }
  if (options.approve) return { toolCallId, approved: true, ...(options.input !== undefined ? { input: parsedJson('--input', options.input) } : {}), ...reason }
  if (options.json !== undefined) return { toolCallId, output: parsedJson('--json', options.json) }
  return null
}

/** What a `--pick` item names ({@link offeredLabel}): one label, several, or none. */
type Named = { label: string } | { several: string[] } | null

/**
 * The offered label `item` names: the exact label first (`Yes` beside `yes`), else the one label
 * that matches it ignoring case (the README says labels work; a person types `peppers` for
 * `🍕 Peppers`); `{ several }` when more than one label matches it so (`YES` beside `Yes` and `yes`),
 * which `--pick` refuses rather than guess; else `null`.
 */
function offeredLabel(options: { label: string }[], item: string): Named {
  if (options.some((option) => option.label === item)) return { label: item }
  const folded = item.toLocaleLowerCase()
  const matches = options.filter(
    (option) => typeof option.label === 'string' && option.label.toLocaleLowerCase() === folded
  )
  if (matches.length > 1) return { several: matches.map((option) => option.label) }
  return matches.length === 1 ? { label: matches[0].label } : null
}

/**
 * The refusal of `--pick` `item` that matches several labels ignoring case but none exactly (see
 * {@link offeredLabel}), listing them with their numbers: `--pick YES: matches several labels
 * ignoring case ("Yes" is 1, "yes" is 2); type one exactly, or give its number`.
 */
function severalLabels(options: { label: string }[], item: string, several: string[]): UsageProblem {
  const numberOf = (label: string) => options.findIndex((option) => option.label === label) + 1
  const numbered = several.map((label) => `${JSON.stringify(label)} is ${numberOf(label)}`).join(', ')
  const how = 'type one exactly, or give its number'
  return new UsageProblem(`--pick ${item}: matches several labels ignoring case (${numbered}); ${how}`)
}

/**
 * The option label `--pick` means by `item`: the offered label it names (see {@link offeredLabel}),
 * else `item` as given, which the settle door refuses as not offered. An item that matches several
 * labels ignoring case and none exactly is refused (`UsageProblem`), listing them.
 */
export function labelOf(options: { label: string }[], item: string): string {
  const named = offeredLabel(options, item)
  if (named && 'several' in named) throw severalLabels(options, item, named.several)
  return named?.label ?? item
}

/**
 * The items of a `--pick` value: the whole value (trimmed) when it holds a comma, is not only
 * numbers and commas, and names one offered label (`--pick "Yes, deploy"`, see {@link offeredLabel});
 * else the value split on commas, each item trimmed (`--pick 1,3`, `--pick City`). An empty item
 * (`--pick "1,,2"`, `--pick "1,"`, `--pick ""`) is refused naming it, never dropped: it is a typo,
 * and reading the rest would answer something else than meant. No `--pick` is no item.
 */
function pickedItems(options: { label: string }[], pick: string | undefined): string[] {
  if (pick === undefined) return []
  const whole = pick.trim()
  const named = whole.includes(',') && !/^[\d,\s]*$/.test(whole) ? offeredLabel(options, whole) : null
  if (named && 'several' in named) throw severalLabels(options, whole, named.several)
  if (named) return [named.label]
  const items = pick.split(',').map((item) => item.trim())
  const empty = items.indexOf('')
  if (empty !== -1) {
    const which = items.length === 1 ? 'is empty' : `item ${empty + 1} of ${items.length} is empty`
    const how = 'give option numbers or labels separated by single commas (--pick 1,3)'
    throw new UsageProblem(`--pick ${JSON.stringify(pick)}: ${which}; ${how}`)
  }
  return items
}

/**
 * The `question` output for `--pick 2[,3] [--custom text]` or `--custom text` alone, from the
 * pending call's single question. Each picked item is an option number as `frogbot pending`
 * prints it (1 is the first option), or else an option label (see {@link labelOf}); a label that
 * holds a comma is picked by the whole value (see {@link pickedItems}).
 */
export function pickOutput(call: Pick<PendingCall, 'toolName' | 'input'> & { kind?: string }, pick: string | undefined, custom: string | undefined) {
  if (call.toolName !== 'question') {
    const how = call.kind === 'approval' ? 'decide it with --approve [--input JSON] [--reason text] or --deny [--reason text]' : "answer with --json '<output JSON>'"
    throw new UsageProblem(`--pick and --custom answer a "question" call; this call is "${call.toolName}": ${how}`)
  }
  const questions = (call.input as { questions?: { header: string; options: { label: string }[] }[] }).questions ?? []
  if (questions.length !== 1) {
    const headers = questions.map((entry) => `"${entry.header}"`).join(', ')
    throw new UsageProblem(`this call asks ${questions.length} questions (${headers}); answer all of them with --json '{ "answers": [{ "header": …, "selected": [...] }, …] }'`)
  }
  const options = questions[0].options ?? []
  const selected = pickedItems(options, pick).map((item) => {
    if (!/^\d+$/.test(item)) return labelOf(options, item)
    const option = options[Number(item) - 1]
    if (!option) {
      const numbered = `\`frogbot pending\` numbers them 1 to ${options.length}`
      throw new UsageProblem(`--pick ${item}: there is no option ${item}; ${numbered}`)
    }
    return option.label
  })
  return { answers: [{ header: questions[0].header, selected, ...(custom !== undefined ? { custom } : {}) }] }
}

/** Who `by` is, for messages: the user's email when known. */
async function describeBy(auth: Auth, by: SettledBy | undefined): Promise<string> {
  if (!by) return 'someone'
  if ('system' in by) return 'FrogBot'
  if ('anonymous' in by) return 'an anonymous caller'
  if ('channel' in by) return `${by.channel.name ?? by.channel.userId} in ${by.channel.piece}`
  if ('link' in by) return `${by.link.recipient} (answer link)`
  const user = await auth.userById(by.userId).catch(() => null)
  return `${user?.email ?? by.userId}${by.token ? ` (token ${by.token.name})` : ''}`
}

/**
 * Why `answer` leaves a channel conversation's calls alone, as `channel chat: …` (the label of
 * `409 channel-chat`, as every refusal line starts with its label): they are answered only in its
 * thread (docs/auth/access.md). The CLI runs on the server, so the line names the platform, the
 * piece, its instance (and whether this config has it) and the thread, whoever owns the chat,
 * where HTTP answers another user's chat `404` so as not to reveal it. `null` for a web chat.
 */
export function channelChatLine(services: Pick<TurnServices, 'pieces'>, chat: ChatRecord): string | null {
  if (!chat.channel) return null
  const { piece, instance, thread } = chat.channel
  const configured = services.pieces.has(instance) ? '' : ', not in this config'
  const where = `piece ${terminalSafe(piece, 64)}, instance ${terminalSafe(instance, 64)}${configured}, thread ${terminalSafe(thread, 200)}`
  return `channel chat: chat ${chat.id} is a ${channelLabel(services, chat)} conversation (${where}): answer it in that thread; \`frogbot answer\` settles web chats only`
}

/** What happened to a call first, by its settlement's outcome, for `already settled: …`. */
export const SETTLED_FIRST: Readonly<Record<string, string>> = {
  answered: 'someone answered first',
  dismissed: 'it was dismissed',
  cancelled: 'it was cancelled',
  expired: 'it expired without an answer',
  approved: 'someone approved it first',
  denied: 'someone denied it first'
}

/** A refusal of the settle door in the command's words: the body fields it names (`approved`, `output`, `dismissed`) as the flags that send them. */
const inFlags = (message: string) =>
  message
    .replace(/^approved: /, '--approve/--deny: ')
    .replace(/^output: /, '--json: ')
    .replace(/^dismissed: /, '--dismiss: ')
    .replace('settle it with "approved": true or false', 'answer it with --approve or --deny')
    .replace('settle it with "output", or "dismissed": true', 'answer it with --pick/--custom or --json, or --dismiss')

/** The message of a FrogbotError from a settle: one line, and for a call not found the database read (see {@link nothingIn}). */
async function errorLine(auth: Auth, error: FrogbotError, place: DatabasePlace): Promise<string> {
  switch (error.code) {
    case 'already-settled': {
      const settlement = error.data?.settlement as { outcome?: string; by?: SettledBy; at?: string } | null | undefined
      const detail = settlement ? `${settlement.outcome} by ${await describeBy(auth, settlement.by)} at ${settlement.at}` : error.message
      // A call that ended without a person's answer says how, in the words HTTP uses (settledSentence):
      // `it was cancelled: the turn was stopped`.
      const ended =
        settlement?.outcome === 'cancelled' ? settledSentence('it', false, settlement as SettledAs) : null
      const first = SETTLED_FIRST[settlement?.outcome ?? 'answered'] ?? SETTLED_FIRST.answered
      return `already settled: ${ended ?? first} (${detail})`
    }
    case 'invalid-output':
      return `invalid answer: ${error.message}`
    case 'invalid-input':
      return `invalid input: ${error.message}`
    case 'bad-request':
      return `wrong kind of answer: ${inFlags(error.message)}`
    case 'not-found':
    case 'call-not-found': {
      const { where, note } = nothingIn(place)
      return `not found: ${error.message} (looked${where})${note}`
    }
    case 'tool-unavailable':
      // The door says what is left: an approval is denied (--deny), any other call dismissed (--dismiss).
      return `tool unavailable: ${error.message.replace(/; (deny|dismiss) the call instead\.$/, (_, way: string) => `; ${way} it with --${way}.`)}`
    case 'not-awaiting':
      return `not waiting: ${error.message}`
    case 'model-error':
      return `model error: ${error.message} (the answer is saved; what the model generated is kept in the chat)`
    default:
      return `${error.code.replace(/-/g, ' ')}: ${error.message}`
  }
}

/**
 * `frogbot answer <chatId> <toolCallId> --email <email> (--json '<output>' | --pick <n>[,…] [--custom <text>] | --custom <text> | --dismiss [--reason <text>] | --approve [--input '<JSON>'] [--reason <text>] | --deny [--reason <text>])`:
 * settles one pending call as the user with that email through the engine's settle door (the
 * `cli` door), with every check of HTTP: the agent's `access`, the chat's owner and home,
 * `client.access`, the output rules. When the answer continues the turn it waits for the
 * continuation and prints its reply (or the calls that wait again); only the continuation calls
 * the model, so it needs the model's key in this shell (the demo model works offline). Every
 * refusal is one line on stderr and exit code 1. Messages queued behind the call are left to the
 * servers, which start them within seconds (this process exits once its reply is printed).
 */
export async function answerCommand(args: string[], options: AnswerOptions): Promise<number> {
  const [chatId, toolCallId] = args
  let given: SettleInput | null
  try {
    checkFlags(options)
    given = flagInput(toolCallId, options)
  } catch (error) {
    console.error(`frogbot answer: ${terminalText((error as Error).message)}`)
    return 1
  }

  const config = await loadConfig(options.config)
  const place = databasePlace(config.db ?? sqliteAdapter(), { configPath: options.config })
  const frogbot = await createFrogbot(config, { log: (line) => console.error(line), maintenanceIntervalMs: 0, startQueuedTurns: false })
  const { engine, store, auth } = internalsOf(frogbot)
  try {
    const chat = await store.getChat(chatId)
    const inChannel = chat && channelChatLine(engine.services, chat)
    if (inChannel) {
      console.error(`frogbot answer: ${inChannel}`)
      return 1
    }
    const user = await auth.userByEmail(options.email!)
    if (!user) {
      console.error(`frogbot answer: ${unknownUserLine(options.email!)}`)
      return 1
    }
    const req: Caller = { user, credential: { type: 'custom' }, entryPoint: 'cli', headers: new Headers() }
    try {
      let input = given
      if (!input) {
        const call = (await engine.pending({ chatId, req })).pending.find((entry) => entry.toolCallId === toolCallId)
        // A call that no longer waits gets its refusal from the settle door (already settled, not found).
        input = { toolCallId, output: call ? pickOutput(call, options.pick, options.custom) : {} }
      }

      const outcome = await engine.settle({ chatId, inputs: [input], req })
      if (outcome.kind === 'dismissed') {
        const reason = outcome.settlement.reason ? ` (reason: ${terminalText(outcome.settlement.reason)})` : ''
        console.log(`Dismissed call ${toolCallId} in chat ${chatId}${reason}. The chat is ready for the next message.`)
        return 0
      }
      if (outcome.kind === 'ended') {
        console.log(`Answered call ${toolCallId} in chat ${chatId}. It was asked through MCP: the answer goes back to the MCP client and the chat ends there.`)
        return 0
      }
      if (outcome.kind === 'voted') {
        const quorum = outcome.pending.find((call) => call.toolCallId === toolCallId)?.quorum
        const approvals = quorum?.votes.filter((vote) => vote.approved).length ?? 0
        console.log(`Approved call ${toolCallId}: ${approvals} of ${quorum?.count ?? '?'} approvals so far; it waits for more people.`)
        return 0
      }
      if (outcome.kind === 'awaiting-input') {
        console.log(`Answered call ${toolCallId}. Other calls of this step still wait:\n`)
        console.log(outcome.pending.map((call) => describePendingCall(call).join('\n')).join('\n\n'))
        return 0
      }
      const agent = engine.services.agents.get((await store.getChat(chatId))?.agentSlug ?? '')
      const done = outcome.settlement.outcome === 'approved' ? 'Approved' : outcome.settlement.outcome === 'denied' ? 'Denied' : 'Answered'
      console.error(`${done} call ${toolCallId}; the ${agent?.slug ?? ''} agent continues${agent ? ` (model ${agent.model.label})` : ''}…`)
      void outcome.run.stream.cancel().catch(() => {})
      const result = await outcome.run.result
      if (result.status === 'complete') {
        console.log(terminalText(result.text))
        if (result.stopped) console.log('\n(the turn was stopped)')
        if (result.shutdown) console.log('\n(the server shut down while the turn ran; it ended there)')
        return 0
      }
      const message = (await store.getMessages(chatId)).at(-1)
      const text = message?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('') ?? ''
      if (text) console.log(terminalText(text))
      console.log(`\nAwaiting input again:\n\n${result.pending.map((call) => describePendingCall(call).join('\n')).join('\n\n')}`)
      return 0
    } catch (error) {
      if (error instanceof UsageProblem) {
        console.error(`frogbot answer: ${terminalText(error.message)}`)
        return 1
      }
      if (!FrogbotError.isInstance(error)) throw error
      console.error(`frogbot answer: ${terminalText(await errorLine(auth, error, place))}`)
      return 1
    }
  } finally {
    await frogbot.close()
  }
}
