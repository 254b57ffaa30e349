import { durationMs } from '../notify/notify-options.ts'
import { KNOWN_KEYS, unknownKeyProblems } from './known-keys.ts'
import { configuredEmailProblem } from './assignees-problems.ts'

const DURATION_RULE = "must be a positive number of milliseconds or a string such as '90s', '15m', '2h', '1d'"
const isAddress = (value: unknown) => typeof value === 'string' && value.trim() !== ''

/** A configured piece as `notify.pieces` checks it: its label, and whether it can send direct messages. */
type ListedPiece = { label?: string; directMessages?: unknown }

/**
 * Problems of `notify.pieces`: a list of instance names of configured pieces (`pieces`, by
 * instance name) that can send direct messages; an unknown name, a piece that cannot, or a repeat
 * is named with its index.
 */
function notifyPiecesProblems(value: unknown, pieces: ReadonlyMap<string, ListedPiece>): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) return ["notify.pieces: must be an array of piece instance names, such as ['slack']"]
  const direct = [...pieces].filter(([, piece]) => piece.directMessages !== undefined).map(([name]) => `"${name}"`)
  const choices = direct.length > 0 ? `the pieces that can are ${direct.join(', ')}` : 'no configured piece can (Slack can)'
  return value.flatMap((name, index) => {
    const at = `notify.pieces[${index}]`
    if (typeof name !== 'string' || !pieces.has(name)) return [`${at}: ${JSON.stringify(name) ?? String(name)} is no piece instance listed in an agent's channels; ${choices}`]
    if (pieces.get(name)!.directMessages === undefined) return [`${at}: the ${pieces.get(name)!.label ?? name} piece "${name}" cannot send direct messages; ${choices}`]
    return value.indexOf(name) < index ? [`${at}: "${name}" is listed twice`] : []
  })
}

/** Problems of `notify` as `notify.<field>: <rule>` (see `NotifyOptions`); none when it is absent. `pieces`: the configured pieces by instance name. */
export function notifyProblems(notify: unknown, pieces: ReadonlyMap<string, ListedPiece> = new Map()): string[] {
  if (notify === undefined) return []
  if (!notify || typeof notify !== 'object' || Array.isArray(notify)) return ['notify: must be an object { email?, webhook?, remind?, escalate?, linkTtl?, pieces? }']
  const { email, webhook, remind, escalate, linkTtl, pieces: direct } = notify as Record<string, unknown>
  const problems = unknownKeyProblems(notify, KNOWN_KEYS.notify, 'notify')
  if (email !== undefined) {
    problems.push(...unknownKeyProblems(email, KNOWN_KEYS.notifyEmail, 'notify.email'))
    if (!isAddress((email as { from?: unknown } | null)?.from)) problems.push("notify.email.from: must be a sender address, such as 'FrogBot <frogbot@example.com>'")
  }
  if (webhook !== undefined) {
    problems.push(...unknownKeyProblems(webhook, KNOWN_KEYS.notifyWebhook, 'notify.webhook'))
    const { url, secret } = (webhook ?? {}) as { url?: unknown; secret?: unknown }
    if (typeof url !== 'string' || !/^https?:\/\//.test(url) || !URL.canParse(url)) problems.push('notify.webhook.url: must be an http:// or https:// URL')
    if (typeof secret !== 'string' || secret.length < 16) problems.push('notify.webhook.secret: must be a string of at least 16 characters (it signs every request)')
  }
  if (remind !== undefined) {
    if (!Array.isArray(remind)) problems.push(`notify.remind: must be an array of durations, such as ['15m', '2h']`)
    else remind.forEach((value, index) => durationMs(value) === null && problems.push(`notify.remind[${index}]: ${JSON.stringify(value)} ${DURATION_RULE}`))
  }
  if (escalate !== undefined) {
    problems.push(...unknownKeyProblems(escalate, KNOWN_KEYS.notifyEscalate, 'notify.escalate'))
    const { after, to } = (escalate ?? {}) as { after?: unknown; to?: unknown }
    if (durationMs(after) === null) problems.push(`notify.escalate.after: ${DURATION_RULE}`)
    if (!Array.isArray(to) || to.length === 0 || !to.every(isAddress)) problems.push("notify.escalate.to: must be a non-empty array of emails or user ids, such as ['lead@example.com']")
    else {
      to.forEach((entry: string, index) => {
        const hidden = configuredEmailProblem(entry)
        if (hidden) problems.push(`notify.escalate.to[${index}]: ${hidden}`)
      })
    }
  }
  if (linkTtl !== undefined && durationMs(linkTtl) === null) problems.push(`notify.linkTtl: ${DURATION_RULE}`)
  problems.push(...notifyPiecesProblems(direct, pieces))
  return problems
}
