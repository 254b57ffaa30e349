import { channelLabelOf, type PendingCall } from '@frogbotai/protocol'
import { toCallRecord, toPendingCall } from '../store/chat-records.ts'
import { cliCommand, type CommandPlace } from './cli-command.ts'
import { nothingIn } from './database-place.ts'
import { withDatabase } from './open-database.ts'
import { clipText } from '../text/clip-text.ts'
import { terminalText } from '../text/terminal-text.ts'

/** At most this many waiting calls are listed, newest first. */
export const PENDING_LIMIT = 50

type QuestionShape = { header?: unknown; question?: unknown; options?: unknown; multiple?: unknown; custom?: unknown }

/** How long ago `createdAt` was, as `42s`, `5m`, `3h` or `2d`. */
export function ageOf(createdAt: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 1000))
  if (seconds < 60) return `${seconds}s`
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`
  return `${Math.floor(seconds / 86_400)}d`
}

/**
 * The lines that describe one waiting call: a header line (chat id, agent, tool, call id, age,
 * plus `owner` when given) and, for a `question` call, each question's header and text with its
 * option labels numbered; for another tool, its input as JSON (cut at 200 characters).
 */
/**
 * Text from the model or a user, made safe for a terminal: control characters (escape sequences
 * that could clear the screen or retitle the window, NUL, …) and bidi controls (U+202E, which
 * shows a label backwards, …) become `?`, and it is cut at `max`.
 */
export function terminalSafe(text: unknown, max = 200): string {
  return clipText(terminalText(String(text)).replace(/\n/g, ' '), max)
}

/**
 * Text of many lines (a reply, a reason, an error that quotes what someone wrote) made safe for a
 * terminal as {@link terminalSafe} makes a line: control and bidi control characters become `?`,
 * but its line breaks and tabs stay, and nothing is cut (docs/project/guarantees.md). The server
 * log's rule too (`text/terminal-text.ts`).
 */
export { terminalText }

export function describePendingCall(call: PendingCall, { owner, now = new Date(), channelLabel }: { owner?: string; now?: Date; channelLabel?: string | null } = {}): string[] {
  // A channel conversation's calls are answered in the channel only (`answer` refuses them).
  const where = channelLabel ? `  answered in ${channelLabel} only` : ''
  const approval = call.kind === 'approval' ? '  needs approval' : ''
  const lines = [`${call.chatId}  agent ${call.agentSlug}  tool ${terminalSafe(call.toolName, 64)}${approval}  call ${terminalSafe(call.toolCallId, 100)}  waiting ${ageOf(call.createdAt, now)}${owner ? `  ${owner}` : ''}${where}`]
  const questions = (call.input as { questions?: unknown } | null)?.questions
  if (call.toolName === 'question' && Array.isArray(questions)) {
    for (const entry of questions as QuestionShape[]) {
      const rules = [entry.multiple === true ? 'several choices' : 'one choice', entry.custom === false ? 'no typed answer' : 'typed answer allowed']
      lines.push(`  ${terminalSafe(entry.header, 40)}: ${terminalSafe(entry.question)} (${rules.join('; ')})`)
      const options = Array.isArray(entry.options) ? (entry.options as { label?: unknown; description?: unknown }[]) : []
      options.forEach((option, index) => {
        lines.push(`    ${index + 1}. ${terminalSafe(option.label, 100)}${typeof option.description === 'string' && option.description ? ` — ${terminalSafe(option.description)}` : ''}`)
      })
    }
  } else {
    lines.push(`  input: ${terminalSafe(JSON.stringify(call.input))}`)
  }
  return lines
}

/**
 * The footer of `frogbot pending`: how to answer the calls listed that `answer` can settle (not
 * those of channel conversations), with the flag each kind takes: `--pick` for a `question` call
 * with one question, `--json` for several questions or another client tool (named). The command
 * is written to work from where the user typed it (see {@link cliCommand}; `place` for tests).
 */
export function answerHint(calls: { call: Pick<PendingCall, 'toolName' | 'input'> & { kind?: string }; channelLabel?: string | null }[], place?: CommandPlace): string {
  const answerable = calls.filter((entry) => !entry.channelLabel).map((entry) => entry.call)
  if (answerable.length === 0) return 'Answer each in its channel: `frogbot answer` settles web chats only.'
  const single = (call: Pick<PendingCall, 'toolName' | 'input'>) => call.toolName === 'question' && ((call.input as { questions?: unknown[] } | null)?.questions?.length ?? 0) === 1
  const approvals = answerable.filter((call) => (call as { kind?: string }).kind === 'approval')
  const others = [...new Set(answerable.filter((call) => call.toolName !== 'question' && !approvals.includes(call)).map((call) => terminalSafe(call.toolName, 64)))]
  const ways: string[] = []
  if (approvals.length > 0) ways.push("--approve [--input '<JSON>'] or --deny [--reason <text>] for an approval")
  if (answerable.some(single)) ways.push('--pick <number or label> for a question')
  if (answerable.some((call) => call.toolName === 'question' && !single(call))) ways.push('--json \'{ "answers": [...] }\' for several questions')
  if (others.length > 0) ways.push(`--json '<output JSON>' for ${others.join(', ')}`)
  const dismiss = approvals.length < answerable.length ? '  (or --dismiss)' : ''
  return `Answer one: ${cliCommand('answer <chatId> <callId> --email <email>', place)} with ${ways.join(', ')}${dismiss}`
}

/**
 * `frogbot pending [--agent <slug>]`: lists the calls that wait for an answer in every chat of the
 * config's database (newest first, at most {@link PENDING_LIMIT}), each with the command that answers it.
 * Calls past their `client.expiresIn` deadline are left out: the next settle or maintenance closes them.
 */
export async function pendingCommand(options: { config?: string; agent?: string }): Promise<number> {
  return withDatabase(options.config, async (db, _database, config, _adapter, place) => {
    if (options.agent !== undefined && !config.agents.some((agent) => agent.slug === options.agent)) {
      console.error(`frogbot pending: no agent "${options.agent}" in the config; its agents are: ${config.agents.map((agent) => agent.slug).join(', ')}`)
      return 1
    }
    const now = new Date()
    let query = db
      .selectFrom('frogbot_pending_calls as p')
      .innerJoin('frogbot_chats as c', 'c.id', 'p.chat_id')
      .leftJoin('frogbot_users as u', 'u.id', 'c.owner_id')
      .selectAll('p')
      .select(['u.email as owner_email', 'c.owner_id as owner_id', 'c.channel as channel'])
      .where('p.status', '=', 'pending')
      .where((eb) => eb.or([eb('p.expires_at', 'is', null), eb('p.expires_at', '>', now.toISOString())]))
    if (options.agent) query = query.where('p.agent_slug', '=', options.agent)
    const rows = await query.orderBy('p.created_at', 'desc').orderBy('p.tool_call_id', 'desc').limit(PENDING_LIMIT + 1).execute()
    if (rows.length === 0) {
      const { where, note } = nothingIn(place)
      console.log(`Nothing is waiting for an answer${where}${options.agent ? ` for agent ${options.agent}` : ''}.${note}`)
      return 0
    }
    const listed = rows.slice(0, PENDING_LIMIT).map((row) => ({ call: toPendingCall(toCallRecord(row)), row, channelLabel: row.channel ? channelLabelOf(row.channel) : null }))
    const blocks = listed.map(({ call, row, channelLabel }) => {
      const asks = call.assignees ? `  asks ${call.assignees.map((entry) => terminalSafe(entry, 100)).join(', ')}` : ''
      const ownerName = terminalText(row.owner_email ?? row.owner_id ?? '')
      const owner = `${row.owner_id === null ? 'no owner' : `owner ${ownerName}`}${asks}`
      return describePendingCall(call, { owner, now, channelLabel }).join('\n')
    })
    console.log(blocks.join('\n\n'))
    if (rows.length > PENDING_LIMIT) console.log(`\n(only the newest ${PENDING_LIMIT} are shown${options.agent ? '' : '; narrow with --agent <slug>'})`)
    console.log(`\n${answerHint(listed)}`)
    return 0
  })
}
