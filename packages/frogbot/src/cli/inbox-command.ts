import { ageProblem } from '@frogbotai/protocol'
import type { Caller } from '../contract/caller.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { createFrogbot } from '../frogbot.ts'
import { internalsOf } from '../frogbot-internals.ts'
import { cliCommand } from './cli-command.ts'
import { loadConfig } from './load-config.ts'
import { answerHint, describePendingCall, terminalSafe } from './pending-command.ts'
import { printLine } from './terminal-lines.ts'
import { unknownUserLine } from './unknown-user.ts'

/** The flags of `frogbot pending --all`. */
export type InboxCommandOptions = { config?: string; email?: string; agent?: string; kind?: string; 'older-than'?: string; 'newer-than'?: string }

/** What is wrong with the flags of `pending --all`, or `null`. */
function flagProblem(options: InboxCommandOptions): string | null {
  if (!options.email) return '--email <email> is required with --all: the person whose waiting calls are listed'
  for (const flag of ['older-than', 'newer-than'] as const) {
    const value = options[flag]
    const problem = value === undefined ? null : ageProblem(value, new Date())
    if (problem !== null) return `--${flag}: ${problem}`
  }
  return null
}

/**
 * `frogbot pending --all --email <email> [--agent <slug>] [--kind <kind>] [--older-than <age>]
 * [--newer-than <age>]`: the inbox of that user (docs/chat/reach-people.md, "The inbox"), as
 * `GET /api/pending` answers it to them: every call they may answer across chats and agents,
 * newest first, every page, each with its chat's title and who is asked, then how to answer one.
 * Returns the exit code: 1 with one line for a bad flag or an unknown user.
 */
export async function inboxCommand(options: InboxCommandOptions): Promise<number> {
  const problem = flagProblem(options)
  if (problem) {
    console.error(`frogbot pending: ${problem}`)
    return 1
  }
  const config = await loadConfig(options.config)
  const frogbot = await createFrogbot(config, { log: (line) => console.error(line), maintenanceIntervalMs: 0, startQueuedTurns: false })
  const { engine, auth } = internalsOf(frogbot)
  try {
    const user = await auth.userByEmail(options.email!)
    if (!user) {
      console.error(`frogbot pending: ${unknownUserLine(options.email!)}`)
      return 1
    }
    const req: Caller = { user, credential: { type: 'custom' }, entryPoint: 'cli', headers: new Headers() }
    const listed = []
    let cursor: string | undefined
    do {
      const page = await engine.inbox({ req, agent: options.agent, kind: options.kind, olderThan: options['older-than'], newerThan: options['newer-than'], limit: 100, cursor })
      listed.push(...page.pending)
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    if (listed.length === 0) {
      const ages = [options['older-than'] && `older than ${options['older-than']}`, options['newer-than'] && `newer than ${options['newer-than']}`].filter(Boolean)
      const narrowed = [
        options.agent ? ` with agent ${options.agent}` : '',
        options.kind ? ` of kind ${options.kind}` : '',
        ages.length > 0 ? ` ${ages.join(' and ')}` : ''
      ].join('')
      printLine(`Nothing is waiting for ${user.email}${narrowed}.`)
      return 0
    }
    const now = new Date()
    const blocks = listed.map((call) => {
      const about = [`"${terminalSafe(call.title ?? 'Untitled', 80)}"`, ...(call.assignees ? [`asks ${call.assignees.map((entry) => terminalSafe(entry, 100)).join(', ')}`] : [])]
      return describePendingCall(call, { owner: about.join('  '), now }).join('\n')
    })
    console.log(blocks.join('\n\n'))
    const hint = answerHint(listed.map((call) => ({ call })))
      .replace('--email <email>', `--email ${user.email}`)
    printLine(`\n${listed.length} waiting for ${user.email}. ${hint}`)
    return 0
  } catch (error) {
    if (!FrogbotError.isInstance(error)) throw error
    // The engine names its options as HTTP does (`olderThan`); the terminal's are flags, wherever the message names them.
    const flag = error.message.replace('newerThan=2h&olderThan=1h', '--newer-than 2h --older-than 1h').replace(/\bolderThan\b/g, '--older-than').replace(/\bnewerThan\b/g, '--newer-than').replace(/^(agent|kind):/, '--$1:')
    console.error(`frogbot pending: ${flag}`)
    return 1
  } finally {
    await frogbot.close()
  }
}
